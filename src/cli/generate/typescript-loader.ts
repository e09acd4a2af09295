import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as TypeScript from 'typescript';
import { CliError } from '../shared/cli.error.js';

export type TypeScriptApi = Omit<typeof TypeScript, 'default'>;

/**
 * The TypeScript compiler API from the user's project (every elicitor project compiles with tsc), so the
 * CLI carries no parser of its own; elicitor's own copy is the fallback when the project has none.
 * Loaded only by `generate`, so other commands start without it.
 */
export function loadTypeScript(projectRoot: string): TypeScriptApi {
  for (const base of [join(projectRoot, 'package.json'), import.meta.url]) {
    try {
      return createRequire(base)('typescript') as TypeScriptApi;
    } catch {
      // not installed there: try the next place
    }
  }
  throw new CliError(
    'generate edits modules with the TypeScript compiler API, and typescript is not installed: run npm install --save-dev typescript',
  );
}
