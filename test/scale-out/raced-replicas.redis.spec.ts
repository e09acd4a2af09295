import 'reflect-metadata';
import fc from 'fast-check';
import { Elicitor, type ElicitorApp } from 'elicitor';
import { RedisStateStore } from 'elicitor/redis';
import { ChargeTools } from '../faults/wire-fuzz.tools.js';
import { racedCallProperty } from '../faults/raced-call.property.js';
import { describeWhen } from '../support/test-requirements.js';
import { FUZZ_RUNS, FUZZ_SEED } from '../faults/wire-fuzz.support.js';

const REDIS_URL = process.env.REDIS_URL;
const SHARED_KEYS = ['raced-replicas-shared-secret-0123456789'];

/**
 * Three replicas over HTTP that share only a keyring and a Redis store. Each round of a call is replayed,
 * raced and answered wrongly, every copy sent to any replica: no call charges or commits twice, and every
 * final reply of a call is the same result.
 */
describeWhen('redis')('replicas raced on every round (needs REDIS_URL)', () => {
  let replicas: ElicitorApp[];
  let urls: string[];

  beforeAll(async () => {
    const keyPrefix = `elicitor-test:raced:${process.pid}:${Date.now()}:`;
    replicas = await Promise.all(
      [0, 1, 2].map(() =>
        Elicitor.create({
          name: 'replica',
          version: '1',
          tools: [ChargeTools],
          store: new RedisStateStore(REDIS_URL!, { keyPrefix }),
          requestState: { keys: SHARED_KEYS },
          logger: { info() {}, warn() {}, error() {} },
        }),
      ),
    );
    urls = await Promise.all(
      replicas.map(async (replica) => (await replica.listen({ http: { port: 0 } })).url!),
    );
  });
  afterAll(() => Promise.all(replicas.map((replica) => replica.close())));

  it('charges and commits at most once per call whichever replicas serve its raced rounds', async () => {
    await fc.assert(racedCallProperty(urls), { seed: FUZZ_SEED + 5, numRuns: Math.ceil(FUZZ_RUNS / 2) });
  });
});
