import { posix } from 'node:path';
import { CliError } from '../shared/cli.error.js';
import type { GeneratedFile } from '../shared/generated-file.types.js';
import { registerInAppModule, type ModuleRegistration } from './app-module.registrar.js';
import { SCHEMATICS, type SchematicName } from './schematic.catalog.js';
import { APP_MODULE_PATH, buildSchematicNames, relativeImport } from './schematic-names.builder.js';

/** Reads project files by root-relative `/` paths; the action backs it with the disk, specs with a map. */
export interface ProjectReader {
  exists(path: string): boolean;
  read(path: string): string;
}

export interface SchematicRequest {
  schematic: SchematicName;
  name: string;
  flat: boolean;
  spec: boolean;
}

export interface FileUpdate {
  path: string;
  before: string;
  after: string;
}

export interface SchematicPlan {
  creates: GeneratedFile[];
  updates: FileUpdate[];
  /** Lines for the user: what they must add by hand, or that nothing needed adding. */
  notes: string[];
}

/** Where the registration lists are looked for, first match wins: the app module, then an older main.ts. */
export const APP_MODULE_CANDIDATES = [APP_MODULE_PATH, 'src/main.ts'];

export function planSchematic(request: SchematicRequest, project: ProjectReader): SchematicPlan {
  const definition = SCHEMATICS[request.schematic];
  const names = buildSchematicNames(request.name, definition, request.flat);
  const creates: GeneratedFile[] = [
    { path: `${names.directory}/${names.fileName}`, content: definition.template(names) },
  ];
  if (request.spec) {
    creates.push({
      path: `${names.directory}/${names.specFileName}`,
      content: definition.specTemplate(names),
    });
  }
  for (const file of creates) {
    if (project.exists(file.path)) throw new CliError(`${file.path} already exists; nothing was written.`);
  }
  if (!definition.registerIn) return { creates, updates: [], notes: [] };

  const newFile = `${names.directory}/${names.fileName}`;
  const failures: string[] = [];
  for (const modulePath of APP_MODULE_CANDIDATES.filter((path) => project.exists(path))) {
    const registration = registrationFor(modulePath, newFile, names.className, definition.registerIn);
    const before = project.read(modulePath);
    const result = registerInAppModule(before, registration);
    if (result.status === 'updated') {
      return { creates, updates: [{ path: modulePath, before, after: result.source }], notes: [] };
    }
    if (result.status === 'already-registered') {
      return {
        creates,
        updates: [],
        notes: [`${names.className} is already in ${registration.arrayName} in ${modulePath}.`],
      };
    }
    failures.push(`${modulePath}: ${result.reason}`);
  }
  const fallbackModule = APP_MODULE_CANDIDATES.find((path) => project.exists(path)) ?? APP_MODULE_PATH;
  const registration = registrationFor(fallbackModule, newFile, names.className, definition.registerIn);
  const why =
    failures.length > 0 ? failures.join('; ') : `neither ${APP_MODULE_CANDIDATES.join(' nor ')} exists`;
  return { creates, updates: [], notes: manualRegistrationNote(registration, why) };
}

function registrationFor(
  modulePath: string,
  newFile: string,
  className: string,
  arrayName: ModuleRegistration['arrayName'],
): ModuleRegistration {
  return { className, importPath: relativeImport(posix.dirname(modulePath), newFile), arrayName };
}

export function manualRegistrationNote(registration: ModuleRegistration, why: string): string[] {
  return [
    `Could not register ${registration.className} automatically (${why}). Add it yourself:`,
    `  import { ${registration.className} } from '${registration.importPath}';`,
    `  ${registration.arrayName}: [..., ${registration.className}] in the app module's options`,
  ];
}
