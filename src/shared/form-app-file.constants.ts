/** The form app's file name: in the package's `dist/ui/`, and in `ui/` beside an `elicitor build` bundle. */
export const FORM_APP_HTML = 'form-app.html';

/**
 * Where the package's build writes it, relative to a module two folders below the package root
 * (`src/<folder>/` under a TypeScript runner, `dist/<folder>/` once built). A path, not a URL: a URL made
 * from `import.meta.url` when a module loads breaks where that is not a file URL (workerd), so it is made
 * only when the file is read.
 */
export const BUILT_FORM_APP_PATH = `../../dist/ui/${FORM_APP_HTML}`;

/** Where `elicitor build` copies it, relative to the bundle (once bundled, every module's URL is the bundle's). */
export const BUNDLED_FORM_APP_PATH = `./ui/${FORM_APP_HTML}`;
