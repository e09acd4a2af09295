import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ElicitorError } from '../errors/elicitor.error.js';
import type { LoadedUiResource } from '../registry/ui-resource.registry.js';
import { BUILT_FORM_APP_PATH, BUNDLED_FORM_APP_PATH } from '../shared/form-app-file.constants.js';
import { FORM_APP_URI } from '../shared/mcp-apps.constants.js';

/**
 * The form app Elicitor ships, read once at bootstrap when the app asks through apps: from `ui/` beside an
 * `elicitor build` bundle when there is one, else from the package's `dist/ui/`.
 */
export async function readFormApp(
  files: readonly URL[] = [
    new URL(BUNDLED_FORM_APP_PATH, import.meta.url),
    new URL(BUILT_FORM_APP_PATH, import.meta.url),
  ],
): Promise<LoadedUiResource> {
  const html = await firstReadable(files);
  return {
    className: 'the form app',
    options: {
      uri: FORM_APP_URI,
      name: 'elicitor-form',
      title: 'Question',
      description: 'Shows a question asked through an app, and sends the answer back',
    },
    html,
  };
}

/** The first of `files` that reads as a non-empty document; the error names the last, the usual home. */
async function firstReadable(files: readonly URL[]): Promise<string> {
  let reason = 'no file to read';
  for (const file of files) {
    try {
      const html = await readFile(file, 'utf8');
      if (html.trim() !== '') return html;
      reason = 'the file is empty';
    } catch (error) {
      reason = (error as Error).message;
    }
  }
  const usual = files.at(-1);
  throw new ElicitorError(
    'FORM_APP_MISSING',
    `askThroughApps needs the form app ${usual ? fileURLToPath(usual) : ''}, which could not be read (${reason}); build it with "npm run build" (a bundle made by "elicitor build" reads it from ui/ beside itself)`,
  );
}
