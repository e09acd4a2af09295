/**
 * Checks a store TTL and rounds it up to whole milliseconds, so every adapter accepts the same values
 * (Redis `PX` takes integers only) and a TTL never ends earlier than asked.
 */
export function storeTtlMs(ttlMs: number): number {
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`StateStore: ttlMs must be a finite number > 0, got ${String(ttlMs)}`);
  }
  return Math.ceil(ttlMs);
}
