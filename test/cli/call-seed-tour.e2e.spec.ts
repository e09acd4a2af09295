import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ElicitorApp } from 'elicitor';
import { SeedTourModule, seedTourOptions } from '../../samples/seed-tour/src/seed-tour.module.js';
import { startHttpModuleApp } from '../support/transports.js';

const run = promisify(execFile);
const CLI = 'dist/cli/main.js';
const SEED_STDIO = `${JSON.stringify(process.execPath)} samples/seed-tour/dist/main.js --stdio`;

/** `elicitor call --answers` drives a multi-round seed-tour flow like any MCP client would, on both eras. */
describe('elicitor call --answers against seed-tour', () => {
  let app: ElicitorApp;
  let url: string;
  const answers = join(mkdtempSync(join(tmpdir(), 'elicitor-call-seed-')), 'answers.json');

  beforeAll(async () => {
    writeFileSync(
      answers,
      JSON.stringify({
        byField: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          address: '12 Analytical Row',
          confirm: true,
        },
      }),
    );
    ({ app, url } = await startHttpModuleApp(SeedTourModule, {
      ...seedTourOptions,
      logger: { info() {}, warn() {}, error() {} },
    }));
  });
  afterAll(() => app.close());

  it.each([
    ['modern', 'http'],
    ['legacy', 'http'],
    ['modern', 'stdio'],
    ['legacy', 'stdio'],
  ] as const)('completes place_order on the %s era over %s', async (era, transport) => {
    const server = transport === 'http' ? url : SEED_STDIO;
    const { stdout } = await run(
      process.execPath,
      [
        CLI,
        'call',
        server,
        'place_order',
        '--args',
        '{"item":"widget","quantity":2}',
        '--answers',
        answers,
        '--era',
        era,
      ],
      { timeout: 60_000 },
    );
    expect(stdout).toContain('[1] form: Where should we ship 2 × widget?');
    expect(stdout).toContain('[2] form: The total is $31 including $7 shipping. Place the order?');
    expect(stdout).toMatch(/Order ch_\d+ placed: 2 × widget to Ada Lovelace, \$31 charged\./);
  });
});
