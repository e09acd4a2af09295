import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '../shared/fake-clock.js';
import { LeaseClaims } from './lease-claims.js';
import { MemoryStateStore } from './stores/memory.store.js';

function claimsOn(store: MemoryStateStore, leaseMs = 30_000, warnings: string[] = []) {
  const logger = { info: () => {}, warn: (message: string) => warnings.push(message), error: () => {} };
  return new LeaseClaims({ store, leaseMs, recordTtlMs: 600_000, logger });
}

describe('LeaseClaims', () => {
  it('gives the key to one claimant; others see it held, then see the recorded outcome', async () => {
    const store = new MemoryStateStore();
    const claims = claimsOn(store);
    const first = await claims.claim('final:c1');
    expect(first.status).toBe('claimed');
    expect((await claims.claim('final:c1')).status).toBe('held');
    if (first.status !== 'claimed') throw new Error('unreachable');
    await expect(first.lease.complete('{"done":true}')).resolves.toBe(true);
    expect(await claims.claim('final:c1')).toStrictEqual({ status: 'recorded', value: '{"done":true}' });
  });

  it('frees the key on release, so the next claim runs the work', async () => {
    const claims = claimsOn(new MemoryStateStore());
    const first = await claims.claim('once:c1:charge');
    if (first.status !== 'claimed') throw new Error('expected a claim');
    await first.lease.release();
    expect((await claims.claim('once:c1:charge')).status).toBe('claimed');
  });

  it('lets a lease nobody renews expire, and a later claim take the key over', async () => {
    const clock = new FakeClock();
    const store = new MemoryStateStore({ clock });
    const warnings: string[] = [];
    const claims = claimsOn(store, 30_000, warnings);
    const dead = await claims.claim('final:c2');
    clock.advance(30_001);
    const takeover = await claims.claim('final:c2');
    expect(takeover.status).toBe('claimed');
    if (dead.status !== 'claimed' || takeover.status !== 'claimed') throw new Error('expected claims');
    await takeover.lease.complete('"theirs"');
    await expect(dead.lease.complete('"mine"')).resolves.toBe(false);
    await expect(store.get('final:c2')).resolves.toBe('"theirs"');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/lease on final:c2 expired .* this outcome was not recorded/);
  });

  it('records the outcome of a lapsed lease that nobody took over', async () => {
    const clock = new FakeClock();
    const store = new MemoryStateStore({ clock });
    const lapsed = await claimsOn(store).claim('final:c3');
    clock.advance(30_001);
    if (lapsed.status !== 'claimed') throw new Error('expected a claim');
    await expect(lapsed.lease.complete('"late"')).resolves.toBe(true);
    await expect(store.get('final:c3')).resolves.toBe('"late"');
  });

  it('renews a lease while the work runs, so it outlives its first term', async () => {
    const store = new MemoryStateStore();
    // Renewed every third of a 600 ms term: only a timer held up for over 400 ms could let it lapse.
    const claims = claimsOn(store, 600);
    const running = await claims.claim('final:c4');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await claims.claim('final:c4')).status).toBe('held');
    if (running.status !== 'claimed') throw new Error('expected a claim');
    await running.lease.release();
  });

  it('refuses a claim for a state issued before a record the store dropped, and gives the key back', async () => {
    const clock = new FakeClock();
    const issuedAt = clock.now();
    const store = new MemoryStateStore({ clock, maxEntries: 1 });
    clock.advance(5);
    await store.set('final:c5', '"done"', 600_000);
    clock.advance(5);
    await store.set('final:c6', '"other"', 600_000);
    const claims = claimsOn(store);
    await expect(claims.claim('final:c5', issuedAt)).rejects.toMatchObject({ reason: 'records_dropped' });
    await expect(store.get('final:c5')).resolves.toBeUndefined();
    clock.advance(5);
    const later = await claims.claim('final:c5', clock.now());
    expect(later.status).toBe('claimed');
    if (later.status === 'claimed') await later.lease.release();
  });
});
