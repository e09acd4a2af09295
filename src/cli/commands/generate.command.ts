import { Argument, Option, type Command } from 'commander';
import { SCHEMA_LIBRARIES } from '../generate/schema-library.types.js';
import { SCHEMATIC_NAMES, type SchematicName } from '../generate/schematic.registry.js';
import type { CliHandlers } from './cli-handlers.types.js';

const SCHEMATICS_HELP = `
Schematics (files go into src/<name>/, or straight into the --module folder):
  module       <name>.module.ts       class <Name>Module       added to imports: [...]
  tool         <name>.tool.ts         class <Name>Tools        added to tools: [...]
  form         <name>.form.ts         class <Name>Form         added to forms: [...]  (alias: schema)
  service      <name>.service.ts      class <Name>Service      added to providers: [...]
  guard        <name>.guard.ts        class <Name>Guard        added to guards: [...]
  filter       <name>.filter.ts       class <Name>Filter       added to filters: [...]
  interceptor  <name>.interceptor.ts  class <Name>Interceptor  added to interceptors: [...]
  ui           <name>.ui.ts + .ui.html class <Name>Ui          added to ui: [...]  (an MCP App)

The module it goes into: --module <name> (src/<name>/<name>.module.ts; app is src/app.module.ts),
else the nearest <folder>/<folder>.module.ts up the new file's folders, else src/app.module.ts.
A new module is imported by the module found the same way from the folder above it.
With --schema zod, a tool's arguments and a form are Zod schemas (zod 4.2+, installed by you).
Running the same command twice changes nothing.
`;

export function registerGenerateCommand(
  program: Command,
  handlers: CliHandlers,
  setExitCode: (code: number) => void,
): void {
  program
    .command('generate')
    .alias('g')
    .description(
      'generate a module, or a tool, form, service, guard, filter, interceptor or UI resource in a module',
    )
    .addArgument(new Argument('<schematic>', 'what to generate').choices(SCHEMATIC_NAMES))
    .argument('<name>', 'any casing; a path like admin/orders adds folders')
    .option('-d, --dry-run', 'print what would be written, write nothing')
    .option('-m, --module <name>', 'the module to add it to (default: see below)')
    .option('--flat', 'put the files in src/ instead of src/<name>/')
    .option('--no-spec', 'do not generate a spec file')
    .option('--project <dir>', 'project root (default: the current directory)')
    .addOption(
      new Option(
        '--schema <library>',
        "declare a tool's arguments or a form with class-validator or Zod (4.2+)",
      )
        .choices(SCHEMA_LIBRARIES)
        .default('class'),
    )
    .addHelpText('after', SCHEMATICS_HELP)
    .action(async (schematic: SchematicName, name: string, options: Record<string, unknown>) => {
      setExitCode(
        await handlers.generate({
          schematic,
          name,
          dryRun: options.dryRun === true,
          flat: options.flat === true,
          spec: options.spec !== false,
          ...(typeof options.module === 'string' ? { module: options.module } : {}),
          ...(typeof options.project === 'string' ? { project: options.project } : {}),
          ...(options.schema === 'zod' ? { schemaLibrary: 'zod' as const } : {}),
        }),
      );
    });
}
