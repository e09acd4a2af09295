import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { composeModules } from '../di/module-composition.js';
import { buildModuleGraph } from '../di/module-graph.builder.js';
import type { ClassType } from '../metadata/class-type.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import type { ElicitorOptions } from './elicitor.options.js';
import { listAppForms } from './forms.registry.js';

export { listAppForms } from './forms.registry.js';
export type { AppFormsListing, FormDescription } from './forms.registry.js';

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
      ? 'the module exports no root @Module class and no app options (an object with name and tools, such as appModule)'
      : `the module exports several app options (${found.map(([name]) => name).join(', ')}); choose one with --export`,
  );
}

function isModuleClass(value: unknown): value is ClassType {
  return typeof value === 'function' && Reflect.hasOwnMetadata(MetadataKeys.module, value);
}

/** The root module a file exports: `exportName`, else `AppModule`, else its only `@Module` class. */
export function pickRootModule(exports: Record<string, unknown>, exportName?: string): ClassType | undefined {
  if (exportName !== undefined) return isModuleClass(exports[exportName]) ? exports[exportName] : undefined;
  if (isModuleClass(exports.AppModule)) return exports.AppModule;
  const modules = Object.values(exports).filter(isModuleClass);
  return modules.length === 1 ? modules[0] : undefined;
}

type AppIdentity = { name: string; version: string };

function isIdentity(value: unknown): value is AppIdentity {
  const candidate = value as Partial<AppIdentity> | null;
  return typeof candidate?.name === 'string' && typeof candidate.version === 'string';
}

/**
 * A module app's name and version are given to `Elicitor.create`: the listing takes them from the one
 * export that holds them next to the root module (`shopOptions`), else from the package.
 */
function identityOf(exports: Record<string, unknown>, modulePath: string, root: ClassType): AppIdentity {
  const found = Object.values(exports).filter(
    (value): value is AppIdentity => typeof value === 'object' && isIdentity(value),
  );
  if (found.length === 1) return { name: found[0]!.name, version: found[0]!.version };
  return packageOf(modulePath, root.name);
}

function packageOf(modulePath: string, fallback: string): AppIdentity {
  for (let folder = dirname(modulePath); ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
      return { name: typeof name === 'string' ? name : fallback, version: String(version ?? '0.0.0') };
    }
    if (dirname(folder) === folder) return { name: fallback, version: '0.0.0' };
  }
}

/**
 * Loads an app module (the built file that exports its root `@Module` class or its options; importing
 * it must not start a server) and writes its forms listing to stdout as JSON. `elicitor forms` runs
 * this in a child process, so the CLI itself never loads the runtime.
 */
export async function printAppForms(modulePath: string, exportName?: string): Promise<void> {
  const exports = (await import(pathToFileURL(modulePath).href)) as Record<string, unknown>;
  const root = pickRootModule(exports, exportName);
  const options = root
    ? {
        ...identityOf(exports, modulePath, root),
        forms: composeModules(await buildModuleGraph(root)).forms,
      }
    : pickAppOptions(exports, exportName);
  process.stdout.write(`${JSON.stringify(listAppForms(options))}\n`);
}
