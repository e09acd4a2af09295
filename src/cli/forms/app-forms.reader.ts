import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { CliError } from '../shared/cli.error.js';
import type { AppFormsListing } from './app-forms.types.js';

/** Loads an app module somewhere the runtime can see its forms, and returns the listing. */
export interface AppFormsReader {
  read(modulePath: string, exportName: string | undefined): Promise<AppFormsListing>;
}

// Bare `elicitor/forms` resolves from the child's working directory, the app module's folder: the very
// copy of elicitor the app's decorators recorded into.
const LOADER = `
import { printAppForms } from 'elicitor/forms';
try {
  await printAppForms(process.argv[1], process.argv[2] || undefined);
} catch (error) {
  process.stderr.write((error instanceof Error ? error.message : String(error)) + '\\n');
  process.exitCode = 1;
}
`;

/** Runs the loader in a child `node`, so the CLI process never imports the runtime library. */
export class ChildProcessFormsReader implements AppFormsReader {
  read(modulePath: string, exportName: string | undefined): Promise<AppFormsListing> {
    const args = ['--input-type=module', '--no-warnings', '-e', LOADER, modulePath, exportName ?? ''];
    return new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        args,
        { cwd: dirname(modulePath), maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error) {
            const reason = stderr.trim().split('\n').at(-1) || error.message;
            reject(new CliError(`Could not list the forms of the app: ${reason}`));
            return;
          }
          // The app module may log while loading; the listing is the last line.
          const last = stdout.trim().split('\n').at(-1) ?? '';
          try {
            resolve(JSON.parse(last) as AppFormsListing);
          } catch {
            reject(new CliError('Could not list the forms of the app: no listing came back'));
          }
        },
      );
    });
  }
}
