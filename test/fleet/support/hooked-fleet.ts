import type { Fleet, FleetBus, FleetEventLog, FleetRecords, FleetSessions } from 'elicitor';

/**
 * A replica's view of a shared fleet whose record commands a test can steer: hold a journal read
 * until the test has done something in between, or fail the lease renewals of a replica that is
 * still alive but cut off from the store for a while.
 */
export class HookedFleet implements Fleet {
  readonly name: string;
  readonly callLeaseMs: number;
  readonly sessions: FleetSessions;
  readonly bus: FleetBus;
  readonly events: FleetEventLog;
  readonly records: FleetRecords;
  /** Runs after the next read of a call journal resolves, before the reader sees its fields. */
  afterJournalRead: (() => Promise<void>) | undefined;
  /** While set, claims (lease takes and renewals) fail as an unreachable store would fail them. */
  claimsFail = false;

  constructor(private readonly inner: Fleet) {
    this.name = inner.name;
    this.callLeaseMs = inner.callLeaseMs;
    this.sessions = inner.sessions;
    this.bus = inner.bus;
    this.events = inner.events;
    const records = inner.records;
    this.records = {
      put: (key, fields, ttlMs) => records.put(key, fields, ttlMs),
      drop: (key) => records.drop(key),
      release: (key, owner) => records.release(key, owner),
      claim: (key, owner, ttlMs) =>
        this.claimsFail
          ? Promise.reject(new Error('the store is unreachable'))
          : records.claim(key, owner, ttlMs),
      read: async (key) => {
        const fields = await records.read(key);
        const hook = key.startsWith('call:') ? this.afterJournalRead : undefined;
        if (hook) {
          this.afterJournalRead = undefined;
          await hook();
        }
        return fields;
      },
    };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
