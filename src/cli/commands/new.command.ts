import { Option, type Command } from 'commander';
import type { CliHandlers } from './cli-handlers.types.js';

export function registerNewCommand(
  program: Command,
  handlers: CliHandlers,
  setExitCode: (code: number) => void,
): void {
  program
    .command('new')
    .description('create a new elicitor MCP server project, ready for `npm test` and `npm start`')
    .argument(
      '<name>',
      'project name; becomes the package name and the folder (in kebab-case when npm would refuse it as typed)',
    )
    .addOption(
      new Option('--http', 'serve Streamable HTTP on PORT by default (the default)').conflicts('stdio'),
    )
    .addOption(new Option('--stdio', 'serve over stdin/stdout by default').conflicts('http'))
    .option('-s, --skip-install', 'do not install dependencies')
    .addOption(
      new Option('-p, --package-manager <name>', 'package manager that installs the dependencies')
        .choices(['npm', 'pnpm', 'yarn'])
        .default('npm'),
    )
    .option('--directory <dir>', 'where to create the project (default: ./<name>)')
    .option(
      '--elicitor-version <spec>',
      "the elicitor dependency to write: a registry range, file:<path> or a tarball (default: this CLI's " +
        'version; from a checkout or local build, that build packed into the project)',
    )
    .action(async (name: string, options: Record<string, unknown>) => {
      setExitCode(
        await handlers.newProject({
          name,
          transport: options.stdio ? 'stdio' : 'http',
          skipInstall: options.skipInstall === true,
          packageManager: options.packageManager as 'npm' | 'pnpm' | 'yarn',
          ...(typeof options.directory === 'string' ? { directory: options.directory } : {}),
          ...(typeof options.elicitorVersion === 'string'
            ? { elicitorVersion: options.elicitorVersion }
            : {}),
        }),
      );
    });
}
