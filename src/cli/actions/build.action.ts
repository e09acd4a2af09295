import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { asciiOnly } from '../build/ascii-source.js';
import type { Esbuild } from '../build/esbuild-loader.js';
import { esModuleEntriesPlugin } from '../build/es-module-entries-plugin.js';
import { keepNamesLean } from '../build/kept-names.js';
import { CliError } from '../shared/cli.error.js';
import type { CliOutput } from '../shared/cli-output.js';
import { BUILT_FORM_APP_PATH, FORM_APP_HTML } from '../../shared/form-app-file.constants.js';

export interface BuildActionOptions {
  /** The app's compiled entry (tsc output), relative to the project. */
  entry: string;
  /** The one-file bundle to write, relative to the project. */
  out: string;
  /** Packages left to node_modules at run time, on top of the optional peers. */
  external?: string[];
  /** Write a source map next to the bundle (run with `node --enable-source-maps`). */
  sourcemap?: boolean;
  /** Project root; defaults to the current directory. */
  project?: string;
}

export interface BuildActionContext {
  output: CliOutput;
  cwd: string;
  loadEsbuild: (projectRoot: string) => Promise<Esbuild>;
}

/**
 * Optional peers the runtime imports only when an app uses them (Redis state, tracing): left to
 * node_modules, so a bundle builds whether or not they are installed.
 */
export const RUNTIME_OPTIONAL_PEERS = ['ioredis', '@opentelemetry/api'];

/** CommonJS packages inside an ES module bundle still call `require` for Node built-ins. */
const REQUIRE_BANNER =
  "import { createRequire as __elicitorRequire } from 'node:module';\nconst require = __elicitorRequire(import.meta.url);";

/**
 * `elicitor build`: the app's tsc output and its dependencies in one ES module, so a start reads and
 * compiles one file instead of hundreds. tsc already emitted the decorator metadata (`__metadata`
 * calls), so bundling keeps it; names are kept too, since class names appear in messages and schemas.
 */
export class BuildAction {
  constructor(private readonly context: BuildActionContext) {}

  async handle(options: BuildActionOptions): Promise<number> {
    const { output, cwd } = this.context;
    const root = resolve(cwd, options.project ?? '.');
    const entry = resolve(root, options.entry);
    const out = resolve(root, options.out);
    if (!existsSync(entry)) {
      throw new CliError(`${relative(cwd, entry) || entry} does not exist; run tsc (npm run build) first`);
    }
    const esbuild = await this.context.loadEsbuild(root);
    const started = performance.now();
    const result = await esbuild.build({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      keepNames: true,
      sourcemap: options.sourcemap === true,
      external: [...RUNTIME_OPTIONAL_PEERS, ...(options.external ?? [])],
      banner: { js: REQUIRE_BANNER },
      plugins: [esModuleEntriesPlugin],
      logLevel: 'silent',
    });
    for (const warning of result.warnings) output.err(`warning: ${warning.text}`);
    const source = readFileSync(out, 'utf8');
    // One-byte source in memory (see asciiOnly); a source map then shifts on the few lines it escapes.
    const finished = asciiOnly(await this.namesKeptLean(esbuild, source));
    if (finished !== source) writeFileSync(out, finished);
    const megabytes = (statSync(out).size / 1024 / 1024).toFixed(1);
    output.out(
      `${relative(cwd, out)} (${megabytes} MB) from ${relative(cwd, entry)} in ${Math.round(performance.now() - started)} ms`,
    );
    this.copyFormApp(out);
    return 0;
  }

  /** The form app `askThroughApps` serves is a file, not code: it goes to `ui/` beside the bundle, where it is read. */
  private copyFormApp(out: string): void {
    // This module sits one folder deeper than the path's reference point.
    const built = fileURLToPath(new URL(`../${BUILT_FORM_APP_PATH}`, import.meta.url));
    if (!existsSync(built)) return;
    const copy = join(dirname(out), 'ui', FORM_APP_HTML);
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(built, copy);
    this.context.output.out(`${relative(this.context.cwd, copy)} (the form app, for askThroughApps)`);
  }

  /** See keepNamesLean; the rewritten file is parsed again, and left as esbuild wrote it if it does not parse. */
  private async namesKeptLean(esbuild: Esbuild, source: string): Promise<string> {
    const kept = keepNamesLean(source);
    if (!kept.leanHelper && source.includes('__name(')) {
      this.context.output.err(
        'warning: this esbuild prints its name helper differently; functions are named on every creation, which costs time on each request',
      );
    }
    if (kept.source === source) return source;
    try {
      await esbuild.transform(kept.source, { loader: 'js', format: 'esm', target: 'node20' });
      return kept.source;
    } catch {
      this.context.output.err(
        'warning: the bundle did not parse with its names kept lean; it is left as esbuild wrote it',
      );
      return source;
    }
  }
}
