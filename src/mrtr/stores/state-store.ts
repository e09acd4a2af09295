/**
 * A small key-value store with per-entry expiry, shared by all replicas of a server. It records what must
 * not happen twice across rounds: `once` side effects, consumed states and final results.
 * Values are opaque strings; TTLs are positive milliseconds (fractions round up).
 */
export interface StateStore {
  /** Atomic: stores the value only if the key is absent or expired. Resolves true if it stored. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** The live value, or undefined when the key is absent or expired. */
  get(key: string): Promise<string | undefined>;
  /** Stores or replaces the value, restarting its TTL. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Removes the key; removing an absent key is not an error. */
  delete(key: string): Promise<void>;
  /** Releases what the store owns (connections, memory). */
  close?(): Promise<void>;
}
