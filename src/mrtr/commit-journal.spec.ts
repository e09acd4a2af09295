import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '../shared/fake-clock.js';
import { StoreCommitJournal } from './commit-journal.js';
import { PendingWrites } from './pending-writes.store.js';
import { MemoryStateStore } from './stores/memory.store.js';

const TTL_MS = 600_000;
const silent = { info() {}, warn() {}, error() {} };
const pending = () => new PendingWrites(silent);

describe('StoreCommitJournal', () => {
  it('tells which commits of the call already ran', async () => {
    const store = new MemoryStateStore();
    const journal = new StoreCommitJournal(store, TTL_MS, 'call', pending(), 0);
    await journal.record(0);
    await expect(journal.done(0)).resolves.toBe(true);
    await expect(journal.done(1)).resolves.toBe(false);
  });

  it('refuses to call a commit not run when the store dropped records the state may need', async () => {
    const clock = new FakeClock();
    const issuedAt = clock.now();
    const store = new MemoryStateStore({ clock, maxEntries: 1 });
    clock.advance(5);
    await new StoreCommitJournal(store, TTL_MS, 'call', pending(), issuedAt).record(0);
    clock.advance(5);
    await store.set('final:other', '"x"', TTL_MS);
    const retried = new StoreCommitJournal(store, TTL_MS, 'call', pending(), issuedAt);
    await expect(retried.done(0)).rejects.toMatchObject({ reason: 'records_dropped' });
    const newer = new StoreCommitJournal(store, TTL_MS, 'call', pending(), clock.now());
    await expect(newer.done(0)).resolves.toBe(false);
  });
});
