/** A source of the current time in epoch milliseconds, injected so expiry can be tested without waiting. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
