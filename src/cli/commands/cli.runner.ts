import { Command, CommanderError } from 'commander';
import { CliError } from '../shared/cli.error.js';
import type { CliOutput } from '../shared/cli-output.js';
import { errorMessage } from '../shared/error-message.formatter.js';
import { registerCallCommand } from './call.command.js';
import type { CliHandlers } from './cli-handlers.types.js';
import { registerBuildCommand } from './build.command.js';
import { registerFormsCommand } from './forms.command.js';
import { registerGenerateCommand } from './generate.command.js';
import { registerInspectCommand } from './inspect.command.js';
import { registerNewCommand } from './new.command.js';

export function createCliProgram(
  handlers: CliHandlers,
  version: string,
  output: CliOutput,
  setExitCode: (code: number) => void,
): Command {
  const program = new Command('elicitor')
    .description(
      'Scaffold elicitor MCP servers, and call any MCP server from the terminal, answering its questions.',
    )
    .version(version, '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => output.out(text.replace(/\n$/, '')),
      writeErr: (text) => output.err(text.replace(/\n$/, '')),
    });
  registerNewCommand(program, handlers, setExitCode);
  registerGenerateCommand(program, handlers, setExitCode);
  registerCallCommand(program, handlers, setExitCode);
  registerInspectCommand(program, handlers, setExitCode);
  registerFormsCommand(program, handlers, setExitCode);
  registerBuildCommand(program, handlers, setExitCode);
  return program;
}

/**
 * Parses `argv` (without the node and script entries), runs the command and returns
 * the exit code. Expected failures print one red `error:` line; set ELICITOR_DEBUG=1
 * for the stack of unexpected ones.
 */
export async function runCli(
  argv: readonly string[],
  handlers: CliHandlers,
  version: string,
  output: CliOutput,
): Promise<number> {
  let exitCode = 0;
  const program = createCliProgram(handlers, version, output, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof CliError) {
      output.err(output.style.paint('red', `error: ${error.message}`));
      return error.exitCode;
    }
    output.err(output.style.paint('red', `error: ${errorMessage(error)}`));
    if (process.env.ELICITOR_DEBUG && error instanceof Error && error.stack) output.err(error.stack);
    return 1;
  }
}
