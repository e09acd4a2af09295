import 'reflect-metadata';
import fc from 'fast-check';
import { MemoryStateStore, type ElicitorApp } from 'elicitor';
import { startHttpApp } from '../support/transports.js';
import { racedCallProperty } from './raced-call.property.js';
import { ChargeTools } from './wire-fuzz.tools.js';
import { FUZZ_RUNS, FUZZ_SEED } from './wire-fuzz.support.js';

/**
 * The raced-call property against an in-memory store that holds so few entries that a call's own records
 * are dropped while they are still needed: rounds that needed them are refused, and still no call charges
 * or commits twice.
 */
describe.each([1, 2, 3])('raced rounds against a memory store of %i entries', (maxEntries) => {
  let app: ElicitorApp;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startHttpApp({
      name: 'full-store',
      version: '1',
      tools: [ChargeTools],
      store: new MemoryStateStore({ maxEntries }),
      logger: { info() {}, warn() {}, error() {} },
    }));
  });
  afterAll(() => app.close());

  it('charges and commits at most once per call while its records are dropped', async () => {
    await fc.assert(racedCallProperty([url]), {
      seed: FUZZ_SEED + 13 + maxEntries,
      numRuns: Math.ceil(FUZZ_RUNS / 2),
    });
  });
});
