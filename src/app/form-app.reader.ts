import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ElicitorError } from '../errors/elicitor.error.js';
import type { LoadedUiResource } from '../registry/ui-resource.registry.js';
import { FORM_APP_URI } from '../shared/mcp-apps.constants.js';

/** The built form app: `dist/ui/form-app.html`, from `src/app/` under a TypeScript runner and `dist/app/` alike. */
const FORM_APP_FILE = new URL('../../dist/ui/form-app.html', import.meta.url);

/** The form app Elicitor ships, read once at bootstrap when the app asks through apps. */
export async function readFormApp(file: URL = FORM_APP_FILE): Promise<LoadedUiResource> {
  let html: string;
  try {
    html = await readFile(file, 'utf8');
    if (html.trim() === '') throw new Error('the file is empty');
  } catch (error) {
    throw new ElicitorError(
      'FORM_APP_MISSING',
      `askThroughApps needs the form app ${fileURLToPath(file)}, which could not be read (${(error as Error).message}); build it with "npm run build"`,
    );
  }
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
