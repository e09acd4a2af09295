import type { Fleet, FleetBus, FleetEventLog, FleetRecords, FleetSessions } from 'elicitor';

/**
 * A replica's view of a shared fleet that can be cut off at once, as if its process died: from
 * `sever()` on every command fails and nothing published reaches it (no lease renewal, no relay).
 */
export class SeverableFleet implements Fleet {
  readonly name: string;
  readonly callLeaseMs: number;
  readonly sessions: FleetSessions;
  readonly bus: FleetBus;
  readonly events: FleetEventLog;
  readonly records: FleetRecords;
  private severed = false;

  constructor(private readonly inner: Fleet) {
    this.name = inner.name;
    this.callLeaseMs = inner.callLeaseMs;
    this.sessions = this.guard(inner.sessions);
    this.events = this.guard(inner.events);
    this.records = this.guard(inner.records);
    this.bus = {
      publish: (channel, message) => this.check().then(() => inner.bus.publish(channel, message)),
      subscribe: (channel, listener) =>
        this.check().then(() =>
          inner.bus.subscribe(channel, (message) => {
            if (!this.severed) listener(message);
          }),
        ),
    };
  }

  sever(): void {
    this.severed = true;
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private check(): Promise<void> {
    return this.severed ? Promise.reject(new Error('this replica is dead')) : Promise.resolve();
  }

  private guard<T extends object>(part: T): T {
    return new Proxy(part, {
      get: (target, property) => {
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          this.check().then(() => (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
  }
}
