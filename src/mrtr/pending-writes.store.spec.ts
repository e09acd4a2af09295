import { describe, expect, it } from '@jest/globals';
import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import { StoreCommitJournal } from './commit-journal.js';
import { LeaseClaims } from './lease-claims.js';
import { MemoryStateStore } from './stores/memory.store.js';
import type { StateStore } from './stores/state-store.js';

/** A memory store that can go down: every command then fails as a store fault would. */
class FlakyStore implements StateStore {
  down = false;
  readonly inner = new MemoryStateStore();

  private guard(): void {
    if (this.down) throw new StoreUnavailableError('Test');
  }
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    this.guard();
    return this.inner.setIfAbsent(key, value, ttlMs);
  }
  async get(key: string) {
    this.guard();
    return this.inner.get(key);
  }
  async set(key: string, value: string, ttlMs: number) {
    this.guard();
    return this.inner.set(key, value, ttlMs);
  }
  async compareAndSet(key: string, expected: string, value: string, ttlMs: number) {
    this.guard();
    return this.inner.compareAndSet(key, expected, value, ttlMs);
  }
  async compareAndDelete(key: string, expected: string) {
    this.guard();
    return this.inner.compareAndDelete(key, expected);
  }
  async delete(key: string) {
    this.guard();
    return this.inner.delete(key);
  }
}

const quiet = { info() {}, warn() {}, error() {} };
const claimsOn = (store: StateStore) =>
  new LeaseClaims({ store, leaseMs: 30_000, recordTtlMs: 600_000, logger: quiet });

async function eventually(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in 3 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('PendingWrites: what work that ran leaves while the store is out', () => {
  it('an outcome the store missed reads as recorded here, and lands once the store is back', async () => {
    const store = new FlakyStore();
    const claims = claimsOn(store);
    const claim = await claims.claim('once:c1:charge');
    if (claim.status !== 'claimed') throw new Error('expected a claim');
    store.down = true;
    await expect(claim.lease.complete('{"value":1}')).resolves.toBe(true);
    expect(await claims.claim('once:c1:charge')).toStrictEqual({ status: 'recorded', value: '{"value":1}' });
    store.down = false;
    await eventually(async () => (await store.inner.get('once:c1:charge')) === '{"value":1}');
    expect(claims.pending.size).toBe(0);
  });

  it('an outcome lands even when the store lost the lease meanwhile (restarted empty)', async () => {
    const store = new FlakyStore();
    const claims = claimsOn(store);
    const claim = await claims.claim('final:c2');
    if (claim.status !== 'claimed') throw new Error('expected a claim');
    store.down = true;
    await claim.lease.complete('"done"');
    await store.inner.delete('final:c2');
    store.down = false;
    await eventually(async () => (await store.inner.get('final:c2')) === '"done"');
  });

  it('a release the store missed frees the key once it is back', async () => {
    const store = new FlakyStore();
    const claims = claimsOn(store);
    const claim = await claims.claim('final:c3');
    if (claim.status !== 'claimed') throw new Error('expected a claim');
    store.down = true;
    await expect(claim.lease.release()).resolves.toBeUndefined();
    store.down = false;
    expect((await claims.claim('final:c3')).status).toBe('claimed');
  });

  it('a claim that failed leaves no lease behind once the store is back', async () => {
    const store = new FlakyStore();
    const claims = claimsOn(store);
    // The write reached the store, but its reply was lost: the caller saw a fault.
    const setIfAbsent = store.setIfAbsent.bind(store);
    store.setIfAbsent = async (key, value, ttlMs) => {
      await setIfAbsent(key, value, ttlMs);
      throw new StoreUnavailableError('Test');
    };
    await expect(claims.claim('once:c4:charge')).rejects.toBeInstanceOf(StoreUnavailableError);
    store.setIfAbsent = setIfAbsent;
    expect((await claims.claim('once:c4:charge')).status).toBe('claimed');
  });

  it('a commit that ran while the store was out reads as done, and its record lands later', async () => {
    const store = new FlakyStore();
    const claims = claimsOn(store);
    const journal = new StoreCommitJournal(store, 60_000, 'c5', claims.pending);
    store.down = true;
    await expect(journal.done(0)).rejects.toBeInstanceOf(StoreUnavailableError);
    await journal.record(0);
    await expect(journal.done(0)).resolves.toBe(true);
    store.down = false;
    await eventually(async () => (await store.inner.get('commit:c5:0')) === '1');
  });

  it('while writes are owed, releases and outcomes queue behind them without waiting on the store', async () => {
    const store = new FlakyStore();
    const claims = claimsOn(store);
    const leases = await Promise.all(
      ['final:c7', 'once:c7:charge', 'final:c8'].map((key) => claims.claim(key)),
    );
    const [first, second, third] = leases.map((claim) => {
      if (claim.status !== 'claimed') throw new Error('expected claims');
      return claim.lease;
    });
    store.down = true;
    await first!.release();
    // A frozen store: nothing it is asked ever answers.
    store.compareAndSet = store.compareAndDelete = () => new Promise<never>(() => undefined);
    await expect(second!.complete('{"value":2}')).resolves.toBe(true);
    await expect(third!.release()).resolves.toBeUndefined();
    expect(await claims.claim('once:c7:charge')).toStrictEqual({ status: 'recorded', value: '{"value":2}' });
  });

  it('other errors of the store are not kept: they reach the caller', async () => {
    const store = new FlakyStore();
    const claims = claimsOn(store);
    const claim = await claims.claim('final:c6');
    if (claim.status !== 'claimed') throw new Error('expected a claim');
    store.compareAndSet = () => Promise.reject(new Error('a bug'));
    await expect(claim.lease.complete('"x"')).rejects.toThrow('a bug');
    expect(claims.pending.size).toBe(0);
  });
});
