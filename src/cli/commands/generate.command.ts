import { Argument, type Command } from 'commander';
import { SCHEMATIC_NAMES, type SchematicName } from '../generate/schematic.catalog.js';
import type { CliHandlers } from './cli-handlers.types.js';

const SCHEMATICS_HELP = `
Schematics:
  tool         src/<name>/<name>.tool.ts         class <Name>Tools        added to tools: [...]
  schema       src/<name>/<name>.schema.ts       class <Name>Form         added to forms: [...]
  interceptor  src/<name>/<name>.interceptor.ts  class <Name>Interceptor  added to interceptors: [...]
  service      src/<name>/<name>.service.ts      class <Name>Service      added to providers: [...]

The class is added to the app module's lists in src/app.module.ts (or to an options object
given to Elicitor.create in src/main.ts); when neither is found, the command prints what to add.
`;

export function registerGenerateCommand(
  program: Command,
  handlers: CliHandlers,
  setExitCode: (code: number) => void,
): void {
  program
    .command('generate')
    .alias('g')
    .description('generate a tool, schema, interceptor or service with its spec')
    .addArgument(new Argument('<schematic>', 'what to generate').choices(SCHEMATIC_NAMES))
    .argument('<name>', 'any casing; a path like admin/orders adds folders')
    .option('-d, --dry-run', 'print what would be written, write nothing')
    .option('--flat', 'put the files in src/ instead of src/<name>/')
    .option('--no-spec', 'do not generate a spec file')
    .option('--project <dir>', 'project root (default: the current directory)')
    .addHelpText('after', SCHEMATICS_HELP)
    .action(async (schematic: SchematicName, name: string, options: Record<string, unknown>) => {
      setExitCode(
        await handlers.generate({
          schematic,
          name,
          dryRun: options.dryRun === true,
          flat: options.flat === true,
          spec: options.spec !== false,
          ...(typeof options.project === 'string' ? { project: options.project } : {}),
        }),
      );
    });
}
