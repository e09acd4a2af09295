import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { TEST_REQUIREMENTS } from '../support/test-requirements.js';

/**
 * A Jest run says which suites it skipped and what turns each on: Jest runs, with the project's config,
 * two real gated specs whose requirements are removed from its environment.
 */
describe('the report of skipped suites', () => {
  it('names each skipped suite under what turns it on', () => {
    const { REDIS_URL: _redis, ELICITOR_E2E_INSPECTOR: _inspector, ...env } = process.env;
    const child = spawnSync(
      process.execPath,
      [
        join('node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--runInBand',
        'test/docs/inspector.spec.ts',
        'src/redis/redis-fleet.adapter.spec.ts',
      ],
      { env, encoding: 'utf8', timeout: 120_000 },
    );

    expect(child.status).toBe(0);
    const report = child.stderr.slice(child.stderr.indexOf('\nSkipped: '));
    const lines = report.split('\n').slice(1, 7);
    expect(lines[0]).toBe('Skipped: 5 tests (1 whole suite). What turns each on:');
    expect(lines.slice(1)).toStrictEqual(
      expect.arrayContaining([
        `  ${TEST_REQUIREMENTS.inspector.turnOn}`,
        '    test/docs/inspector.spec.ts: 4 tests (the whole suite)',
        `  ${TEST_REQUIREMENTS.redis.turnOn}`,
        '    src/redis/redis-fleet.adapter.spec.ts: 1 test',
      ]),
    );
  }, 130_000);
});
