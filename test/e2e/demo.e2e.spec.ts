import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run demo` as a person first sees it: the seed tour's built demo, run as a child process (the
 * samples are built by `npm run build`, which `npm test` runs first).
 */
const demo = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'samples',
  'seed-tour',
  'dist',
  'demo.js',
);

describe('the demo', () => {
  let stdout = '';
  let stderr = '';

  beforeAll(() => {
    if (!existsSync(demo)) throw new Error(`${demo} is missing: run npm run build first`);
    const child = spawnSync(process.execPath, [demo], { encoding: 'utf8', timeout: 60_000 });
    ({ stdout, stderr } = child);
    expect(child.status).toBe(0);
  }, 70_000);

  it('starts without a warning: it says which key and store it uses', () => {
    expect(stderr).toBe('');
    expect(stdout).not.toMatch(/warn|production/i);
  });

  it('runs the same order on both eras, each asking twice and charging once', () => {
    const eras = stdout.split(/^— /m).slice(1);
    expect(eras.map((era) => era.slice(0, 10))).toStrictEqual(['2026-07-28', '2025-11-25']);
    const [modern, legacy] = eras as [string, string];
    expect(modern.match(/^ {2}server asks "(\w+)"/gm)).toStrictEqual([
      '  server asks "shipping"',
      '  server asks "confirm"',
    ]);
    expect(modern).toContain('Round 3: complete');
    expect(legacy.match(/^ {2}server pushes: /gm)).toHaveLength(2);
    expect(legacy).toContain('Protocol version: 2025-11-25');
    for (const era of eras) {
      expect(era).toMatch(/^Result: Order ch_\d+ placed: 2 × gadget to Ada Lovelace, \$67 charged\.$/m);
      expect(era).toContain('Side effects that really ran: quotes 1, charges 1, receipts 1\n');
    }
  });

  it('prints JSON once encoded: no escaped quotes', () => {
    expect(stdout).not.toContain('\\"');
  });
});
