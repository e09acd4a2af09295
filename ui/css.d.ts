/** Stylesheets imported by the app entry: esbuild bundles them, and the build inlines them in the page. */
declare module '*.css';
