import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Fixture files carry a `.fixture` suffix so neither tsc nor jest treats them as sources or specs. */
export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

export function fixturePath(relative: string): string {
  return join(FIXTURES_DIR, `${relative}.fixture`);
}

export function readFixture(relative: string): string {
  return readFileSync(fixturePath(relative), 'utf8');
}

/**
 * Compares generated text with its fixture. `UPDATE_FIXTURES=1` rewrites the fixture
 * instead; review the diff before committing it.
 */
export function expectMatchesFixture(actual: string, relative: string): void {
  if (process.env.UPDATE_FIXTURES === '1') {
    mkdirSync(dirname(fixturePath(relative)), { recursive: true });
    writeFileSync(fixturePath(relative), actual);
    return;
  }
  expect(actual).toBe(readFixture(relative));
}
