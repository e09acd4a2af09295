/** The form app's file name: in the package's `dist/ui/`, and in `ui/` beside an `elicitor build` bundle. */
export const FORM_APP_HTML = 'form-app.html';

/** Where the package's build writes it, from `src/shared/` under a TypeScript runner and `dist/shared/` alike. */
export const BUILT_FORM_APP = new URL(`../../dist/ui/${FORM_APP_HTML}`, import.meta.url);

/** Where `elicitor build` copies it: once bundled, this module's URL is the bundle's. */
export const BUNDLED_FORM_APP = new URL(`./ui/${FORM_APP_HTML}`, import.meta.url);
