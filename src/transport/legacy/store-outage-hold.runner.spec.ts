import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import { holdThroughStoreOutage } from './store-outage-hold.runner.js';

/** An operation that fails with `failure` for its first `failures` tries, then returns 'done'. */
function failingFor(failures: number, failure: Error) {
  const tries = { count: 0 };
  const operation = async () => {
    tries.count++;
    if (tries.count <= failures) throw failure;
    return 'done';
  };
  return { tries, operation };
}

describe('holdThroughStoreOutage', () => {
  it('tries again while the store is out, and returns once it answers', async () => {
    const { tries, operation } = failingFor(3, new StoreUnavailableError('Redis'));
    await expect(holdThroughStoreOutage(operation, { holdMs: 1_000, pauseMs: 10 })).resolves.toBe('done');
    expect(tries.count).toBe(4);
  });

  it('throws the store error once the hold is over', async () => {
    const outage = new StoreUnavailableError('Redis');
    const { tries, operation } = failingFor(Number.POSITIVE_INFINITY, outage);
    const started = Date.now();
    await expect(holdThroughStoreOutage(operation, { holdMs: 200, pauseMs: 20 })).rejects.toBe(outage);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(tries.count).toBeGreaterThan(2);
  });

  it('throws any other error at once', async () => {
    const bug = new TypeError('not an outage');
    const { tries, operation } = failingFor(1, bug);
    await expect(holdThroughStoreOutage(operation, { holdMs: 1_000, pauseMs: 10 })).rejects.toBe(bug);
    expect(tries.count).toBe(1);
  });
});
