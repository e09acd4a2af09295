import { Option, type Command } from 'commander';
import { ERA_PREFERENCES, type EraPreference } from '../client/era-preference.types.js';
import type { CliHandlers } from './cli-handlers.types.js';
import { collect } from './option.reader.js';

export function registerInspectCommand(
  program: Command,
  handlers: CliHandlers,
  setExitCode: (code: number) => void,
): void {
  program
    .command('inspect')
    .description('list the tools of a server with their input schemas')
    .argument('<server>', 'http(s):// URL, or a command line that starts a stdio server')
    .addOption(new Option('--era <era>', 'protocol era to use').choices(ERA_PREFERENCES).default('auto'))
    .option('-H, --header <header>', 'extra HTTP header "Name: value" (repeatable)', collect, [])
    .option('--json', 'print the server info and tools as JSON')
    .addHelpText(
      'after',
      '\nForms are not listed: a tool reveals what it asks only when called (see `elicitor call`);\n`elicitor forms` lists the forms of an app you have the code of.\n',
    )
    .action(async (server: string, options: Record<string, unknown>) => {
      setExitCode(
        await handlers.inspect({
          server,
          era: options.era as EraPreference,
          header: options.header as string[],
          json: options.json === true,
        }),
      );
    });
}
