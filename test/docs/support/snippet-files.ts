import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Snippets are read relative to the repository root, where jest runs. */
export const SNIPPETS_DIR = join('docs', 'snippets');

/** A JSON snippet, parsed. */
export function snippetJson<T = unknown>(path: string): T {
  return JSON.parse(readFileSync(join(SNIPPETS_DIR, path), 'utf8')) as T;
}

/** Same values in the same key order, as the JSON a guide shows. */
export function sameJson(actual: unknown, expected: unknown): void {
  expect(JSON.stringify(actual, null, 2)).toBe(JSON.stringify(expected, null, 2));
}
