import { posix } from 'node:path';
import { CliError } from '../shared/cli.error.js';
import type { GeneratedFile } from '../shared/generated-file.types.js';
import { registerInModule, type ModuleRegistration } from './module-source-editor.js';
import { SCHEMATICS, type SchematicDefinition, type SchematicName } from './schematic.registry.js';
import type { SchemaLibrary } from './schema-library.types.js';
import { APP_MODULE_PATH, buildSchematicNames, relativeImport } from './schematic-names.builder.js';
import type { ProjectReader } from './project-reader.types.js';
import { findTargetModule } from './target-module-finder.js';
import type { TypeScriptApi } from './typescript-loader.js';

export type { ProjectReader } from './project-reader.types.js';

export interface SchematicRequest {
  schematic: SchematicName;
  name: string;
  flat: boolean;
  spec: boolean;
  /** The module to register in (`orders`, `admin/users`, `app` or a `.module.ts` path). */
  module?: string;
  /** `zod`: a tool's arguments or a form declared with Zod instead of a class. */
  schemaLibrary?: SchemaLibrary;
}

export interface FileUpdate {
  path: string;
  before: string;
  after: string;
}

export interface SchematicPlan {
  creates: GeneratedFile[];
  /** Files that exist already with exactly the content `generate` would write. */
  unchanged: string[];
  updates: FileUpdate[];
  /** Lines for the user, such as a class that was already registered. */
  notes: string[];
}

/**
 * What `generate` writes: the class (and its spec) and the edit of its module. With `--module` the files
 * go into that module's folder; otherwise into `src/<name>/` and the module is the nearest one up the
 * folders (`src/orders/orders.module.ts` for `src/orders/...`), else `src/app.module.ts`. A module is
 * imported by the module found the same way from the folder above its own.
 */
export function planSchematic(
  request: SchematicRequest,
  project: ProjectReader,
  ts: TypeScriptApi,
): SchematicPlan {
  const definition = SCHEMATICS[request.schematic];
  const isModule = request.schematic === 'module';
  const target = request.module === undefined ? undefined : findTargetModule(request.module, project);
  const base = target === undefined || target === APP_MODULE_PATH ? 'src' : posix.dirname(target);
  const names = buildSchematicNames(
    request.name,
    definition,
    request.flat || (target !== undefined && !isModule),
    base,
  );
  const newFile = `${names.directory}/${names.fileName}`;
  const templates = templatesFor(request, definition);
  const files: GeneratedFile[] = [
    { path: newFile, content: templates.template(names) },
    ...(definition.companionFiles?.(names) ?? []),
  ];
  if (request.spec && templates.specTemplate) {
    files.push({ path: `${names.directory}/${names.specFileName}`, content: templates.specTemplate(names) });
  }
  const creates: GeneratedFile[] = [];
  const unchanged: string[] = [];
  for (const file of files) {
    if (!project.exists(file.path)) creates.push(file);
    else if (project.read(file.path) === file.content) unchanged.push(file.path);
    else throw new CliError(`${file.path} already exists with other content; nothing was written.`);
  }

  const modulePath =
    target ?? nearestModule(isModule ? posix.dirname(names.directory) : names.directory, project);
  if (modulePath === newFile) {
    throw new CliError(
      `${newFile} cannot import itself; pass --module with the module that should import it.`,
    );
  }
  if (!project.exists(modulePath)) {
    throw new CliError(
      `${modulePath} does not exist, so ${names.className} has no module to go into; nothing was written. Create it (elicitor generate module <name>) or pass --module.`,
    );
  }
  const registration: ModuleRegistration = {
    className: names.className,
    importPath: relativeImport(posix.dirname(modulePath), newFile),
    arrayName: definition.registerIn,
  };
  const before = project.read(modulePath);
  const result = registerInModule(ts, before, registration, modulePath);
  if (result.status === 'not-found') {
    throw new CliError(
      `cannot add ${names.className} to ${modulePath}: ${result.reason}; nothing was written. Add it yourself: import { ${names.className} } from '${registration.importPath}' and list it in ${registration.arrayName}.`,
    );
  }
  if (result.status === 'already-registered') {
    return {
      creates,
      unchanged,
      updates: [],
      notes: [`${names.className} is already in ${registration.arrayName} of ${modulePath}.`],
    };
  }
  return { creates, unchanged, updates: [{ path: modulePath, before, after: result.source }], notes: [] };
}

/** The class templates, or with `--schema zod` the Zod ones, which only tools and forms have. */
function templatesFor(
  request: SchematicRequest,
  definition: SchematicDefinition,
): Pick<SchematicDefinition, 'template' | 'specTemplate'> {
  if (request.schemaLibrary !== 'zod') return definition;
  if (!definition.zod) {
    throw new CliError(`--schema zod applies to a tool or a form, not to a ${request.schematic}.`);
  }
  return definition.zod;
}

/** The closest `<folder>/<folder>.module.ts` from `directory` up to `src/`, where the app module is. */
export function nearestModule(directory: string, project: ProjectReader): string {
  for (let folder = directory; folder.startsWith('src/'); folder = posix.dirname(folder)) {
    const candidate = `${folder}/${posix.basename(folder)}.module.ts`;
    if (project.exists(candidate)) return candidate;
  }
  return APP_MODULE_PATH;
}
