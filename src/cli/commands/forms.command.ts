import { Option, type Command } from 'commander';
import { FORMS_FORMATS, type FormsFormat } from '../actions/forms.action.js';
import type { CliHandlers } from './cli-handlers.types.js';

const FORMS_HELP = `
The app module is the built file that exports the root @Module class, AppModule, or the flat app
options (src/app.module.ts becomes dist/app.module.js); it is loaded in a separate node process and
must not start a server. Listed: the \`forms\` of every module (or of the options), then every other
@ElicitSchema() class it loads. A module app is named by the one export with a name and a version
(such as the options given to Elicitor.create), else by its package.json.
`;

export function registerFormsCommand(
  program: Command,
  handlers: CliHandlers,
  setExitCode: (code: number) => void,
): void {
  program
    .command('forms')
    .description('list every @ElicitSchema() form of an app with the exact schema it sends')
    .option('--app <file>', 'the built app module', 'dist/app.module.js')
    .option(
      '--export <name>',
      'the export holding the root module or the options (default: AppModule, appModule, or the only one)',
    )
    .addOption(new Option('-f, --format <format>', 'output format').choices(FORMS_FORMATS).default('text'))
    .option('--json', 'same as --format json')
    .option('--markdown', 'same as --format markdown')
    .option('-o, --out <file>', 'write to a file instead of printing')
    .option('--project <dir>', 'project root (default: the current directory)')
    .addHelpText('after', FORMS_HELP)
    .action(async (options: Record<string, unknown>) => {
      const format: FormsFormat = options.json
        ? 'json'
        : options.markdown
          ? 'markdown'
          : (options.format as FormsFormat);
      setExitCode(
        await handlers.forms({
          app: options.app as string,
          format,
          ...(typeof options.export === 'string' ? { export: options.export } : {}),
          ...(typeof options.out === 'string' ? { out: options.out } : {}),
          ...(typeof options.project === 'string' ? { project: options.project } : {}),
        }),
      );
    });
}
