import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CliError } from '../shared/cli.error.js';

interface ResolveArgs {
  path: string;
  kind: string;
  resolveDir: string;
}

/** The part of esbuild's plugin API `elicitor build` uses. */
export interface EsbuildPlugin {
  name: string;
  setup(build: {
    onResolve(
      options: { filter: RegExp },
      callback: (args: ResolveArgs) => Promise<{ path: string } | undefined>,
    ): void;
    resolve(
      path: string,
      options: { kind: string; resolveDir: string },
    ): Promise<{ path: string; errors: unknown[] }>;
  }): void;
}

/** The part of esbuild's API `elicitor build` uses. */
export interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ errors: unknown[]; warnings: Array<{ text: string }> }>;
  /** Parses (and prints) one file; rejects on a syntax error. */
  transform(code: string, options: Record<string, unknown>): Promise<{ code: string }>;
}

/**
 * esbuild is an optional peer: the project's own copy first, then one next to the CLI. It is loaded only
 * by `elicitor build`, never by an app at run time.
 */
export async function loadEsbuild(projectRoot: string): Promise<Esbuild> {
  for (const base of [join(projectRoot, 'package.json'), import.meta.url]) {
    try {
      const path = createRequire(base).resolve('esbuild');
      return (await import(pathToFileURL(path).href)) as Esbuild;
    } catch {
      // not installed there; try the next place
    }
  }
  throw new CliError(
    'elicitor build bundles with esbuild, which is not installed: npm install --save-dev esbuild',
  );
}
