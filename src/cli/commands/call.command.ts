import { Option, type Command } from 'commander';
import { ERA_PREFERENCES, type EraPreference } from '../client/era-preference.types.js';
import { ANSWERS_FILE_HELP } from './answers-file-help.js';
import type { CliHandlers } from './cli-handlers.types.js';
import { collect, parsePositiveInteger } from './option.reader.js';

export function registerCallCommand(
  program: Command,
  handlers: CliHandlers,
  setExitCode: (code: number) => void,
): void {
  program
    .command('call')
    .description('call a tool and answer the questions it asks, in the terminal or from an answers file')
    .argument('<server>', 'http(s):// URL, or a command line that starts a stdio server')
    .argument('<tool>', 'tool name')
    .option('-a, --args <json>', 'tool arguments as a JSON object')
    .option('--answers <file>', 'answer from a JSON file instead of the terminal (format below)')
    .addOption(new Option('--era <era>', 'protocol era to use').choices(ERA_PREFERENCES).default('auto'))
    .option('--timeout <seconds>', 'time a request may take, answering included', parsePositiveInteger, 600)
    .option('-H, --header <header>', 'extra HTTP header "Name: value" (repeatable)', collect, [])
    .option('--json', 'print the raw CallToolResult as JSON; the transcript goes to stderr')
    .option(
      '--task',
      'run the tool as a task (Tasks extension, 2026-07-28, HTTP or stdio): poll it, answer its questions',
    )
    .option('--resume <taskId>', 'pick up a task by id: poll it and answer its questions, until it ends')
    .addHelpText('after', ANSWERS_FILE_HELP)
    .action(async (server: string, tool: string, options: Record<string, unknown>) => {
      setExitCode(
        await handlers.call({
          server,
          tool,
          ...(typeof options.args === 'string' ? { args: options.args } : {}),
          ...(typeof options.answers === 'string' ? { answers: options.answers } : {}),
          era: options.era as EraPreference,
          timeout: options.timeout as number,
          header: options.header as string[],
          json: options.json === true,
          ...(options.task === true ? { task: true } : {}),
          ...(typeof options.resume === 'string' ? { resume: options.resume } : {}),
        }),
      );
    });
}
