import type { Command } from 'commander';
import type { CliHandlers } from './cli-handlers.types.js';

const BUILD_HELP = `
Bundles the app's compiled output (tsc has emitted the decorator metadata already) and its dependencies
into one ES module, for a faster start: run it with node dist/main.bundle.mjs. Needs esbuild
(npm install --save-dev esbuild). ioredis and @opentelemetry/api stay in node_modules.
`;

export function registerBuildCommand(
  program: Command,
  handlers: CliHandlers,
  setExitCode: (code: number) => void,
): void {
  program
    .command('build')
    .description("bundle the app's compiled entry into one file for production starts")
    .option('--entry <file>', 'the compiled entry', 'dist/main.js')
    .option('-o, --out <file>', 'the bundle to write', 'dist/main.bundle.mjs')
    .option('--external <packages>', 'comma-separated packages to leave in node_modules')
    .option('--sourcemap', 'write a source map next to the bundle')
    .option('--project <dir>', 'project root (default: the current directory)')
    .addHelpText('after', BUILD_HELP)
    .action(async (options: Record<string, unknown>) => {
      setExitCode(
        await handlers.build({
          entry: options.entry as string,
          out: options.out as string,
          ...(typeof options.external === 'string'
            ? { external: options.external.split(',').filter(Boolean) }
            : {}),
          ...(options.sourcemap === true ? { sourcemap: true } : {}),
          ...(typeof options.project === 'string' ? { project: options.project } : {}),
        }),
      );
    });
}
