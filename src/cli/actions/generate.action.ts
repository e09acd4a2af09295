import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { lineDiff } from '../generate/line-diff.formatter.js';
import type { SchematicName } from '../generate/schematic.registry.js';
import type { SchemaLibrary } from '../generate/schema-library.types.js';
import { planSchematic, type ProjectReader } from '../generate/schematic-plan.builder.js';
import { loadTypeScript } from '../generate/typescript-loader.js';
import type { CliOutput } from '../shared/cli-output.js';

export interface GenerateActionOptions {
  schematic: SchematicName;
  name: string;
  dryRun: boolean;
  flat: boolean;
  spec: boolean;
  /** The module to register in; found from the name's folders when left out. */
  module?: string;
  /** Project root; defaults to the current directory. */
  project?: string;
  /** `zod`: declare the tool's arguments or the form with Zod. */
  schemaLibrary?: SchemaLibrary;
}

export interface GenerateActionContext {
  output: CliOutput;
  cwd: string;
}

/** `elicitor generate`: writes a schematic's files and registers the class in its module. */
export class GenerateAction {
  constructor(private readonly context: GenerateActionContext) {}

  async handle(options: GenerateActionOptions): Promise<number> {
    const { output } = this.context;
    const root = resolve(this.context.cwd, options.project ?? '.');
    const plan = planSchematic(options, diskProject(root), loadTypeScript(root));
    const { style } = output;

    for (const file of plan.creates) {
      output.out(`${style.paint('green', 'CREATE')} ${file.path} (${Buffer.byteLength(file.content)} bytes)`);
      if (options.dryRun) output.out(indent(file.content.trimEnd()));
    }
    for (const path of plan.unchanged) output.out(`${style.paint('dim', 'SKIP')} ${path} (unchanged)`);
    for (const update of plan.updates) {
      output.out(`${style.paint('yellow', 'UPDATE')} ${update.path}`);
      if (options.dryRun) output.out(indent(lineDiff(update.before, update.after).join('\n')));
    }
    for (const note of plan.notes) output.out(note);

    if (options.dryRun) {
      output.out(style.paint('dim', 'Dry run: nothing was written.'));
      return 0;
    }
    for (const file of [
      ...plan.creates,
      ...plan.updates.map((update) => ({ path: update.path, content: update.after })),
    ]) {
      const path = join(root, file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content);
    }
    return 0;
  }
}

function diskProject(root: string): ProjectReader {
  return {
    exists: (path) => existsSync(join(root, path)),
    read: (path) => readFileSync(join(root, path), 'utf8'),
  };
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `    ${line}` : ''))
    .join('\n');
}
