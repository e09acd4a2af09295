import type { StateStore } from 'elicitor';

const STORED = Promise.resolve(true);
const NOTHING = Promise.resolve(undefined);

/**
 * A store that keeps nothing and grants every claim: exactly-once switched off. Measurement only, to
 * show what the records, leases and answer pins cost; never a store to run an app on.
 */
export class DiscardingStateStore implements StateStore {
  setIfAbsent(): Promise<boolean> {
    return STORED;
  }

  get(): Promise<string | undefined> {
    return NOTHING;
  }

  set(): Promise<void> {
    return NOTHING;
  }

  compareAndSet(): Promise<boolean> {
    return STORED;
  }

  compareAndDelete(): Promise<boolean> {
    return STORED;
  }

  delete(): Promise<void> {
    return NOTHING;
  }
}
