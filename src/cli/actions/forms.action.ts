import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { AppFormsReader } from '../forms/app-forms.reader.js';
import { formatFormsMarkdown } from '../forms/forms-markdown.formatter.js';
import { formatFormsText } from '../forms/forms-text.formatter.js';
import { CliError } from '../shared/cli.error.js';
import type { CliOutput } from '../shared/cli-output.js';

export const FORMS_FORMATS = ['text', 'json', 'markdown'] as const;
export type FormsFormat = (typeof FORMS_FORMATS)[number];

export interface FormsActionOptions {
  /** The built module that exports the app options, relative to the project. */
  app: string;
  /** Which export holds the options; found by shape when left out. */
  export?: string;
  format: FormsFormat;
  /** A file to write instead of printing. */
  out?: string;
  /** Project root; defaults to the current directory. */
  project?: string;
}

export interface FormsActionContext {
  output: CliOutput;
  cwd: string;
  reader: AppFormsReader;
}

/** `elicitor forms`: every `@ElicitSchema()` form of an app with its exact schema, asked of the app itself. */
export class FormsAction {
  constructor(private readonly context: FormsActionContext) {}

  async handle(options: FormsActionOptions): Promise<number> {
    const { output } = this.context;
    const root = resolve(this.context.cwd, options.project ?? '.');
    const modulePath = resolve(root, options.app);
    if (!existsSync(modulePath)) {
      throw new CliError(
        `${relative(this.context.cwd, modulePath) || modulePath} does not exist; build the app first, or point --app at the built module that exports its options`,
      );
    }
    const listing = await this.context.reader.read(modulePath, options.export);
    const text =
      options.format === 'json'
        ? `${JSON.stringify(listing, null, 2)}\n`
        : options.format === 'markdown'
          ? formatFormsMarkdown(listing)
          : `${formatFormsText(listing, output.style).join('\n')}\n`;
    if (options.out === undefined) {
      output.out(text.trimEnd());
      return 0;
    }
    const target = resolve(this.context.cwd, options.out);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    output.err(`Wrote ${listing.forms.length} form(s) to ${relative(this.context.cwd, target) || target}`);
    return 0;
  }
}
