import 'reflect-metadata';
import { pathToFileURL } from 'node:url';
import type { ElicitorOptions } from './elicitor.options.js';
import { listAppForms } from './forms.catalog.js';

export { listAppForms } from './forms.catalog.js';
export type { AppFormsListing, FormDescription } from './forms.catalog.js';

function isAppOptions(value: unknown): value is ElicitorOptions {
  const candidate = value as Partial<ElicitorOptions> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.name === 'string' &&
    Array.isArray(candidate.tools)
  );
}

/**
 * The app options a module exports: `exportName` if given, else `appModule`, else its only export
 * that looks like `ElicitorOptions` (a `name` and a `tools` list).
 */
export function pickAppOptions(exports: Record<string, unknown>, exportName?: string): ElicitorOptions {
  if (exportName !== undefined) {
    if (!isAppOptions(exports[exportName])) {
      throw new Error(`the module has no export "${exportName}" with the app options (name, tools)`);
    }
    return exports[exportName];
  }
  if (isAppOptions(exports.appModule)) return exports.appModule;
  const found = Object.entries(exports).filter(([, value]) => isAppOptions(value));
  if (found.length === 1) return found[0]![1] as ElicitorOptions;
  throw new Error(
    found.length === 0
      ? 'the module exports no app options (an object with name and tools, such as appModule)'
      : `the module exports several app options (${found.map(([name]) => name).join(', ')}); choose one with --export`,
  );
}

/**
 * Loads an app module (the built file that exports its options; importing it must not start a
 * server) and writes its forms listing to stdout as JSON. `elicitor forms` runs this in a child
 * process, so the CLI itself never loads the runtime.
 */
export async function printAppForms(modulePath: string, exportName?: string): Promise<void> {
  const exports = (await import(pathToFileURL(modulePath).href)) as Record<string, unknown>;
  const listing = listAppForms(pickAppOptions(exports, exportName));
  process.stdout.write(`${JSON.stringify(listing)}\n`);
}
