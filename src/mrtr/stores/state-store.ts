/**
 * A small key-value store with per-entry expiry, shared by all replicas of a server. It records what must
 * not happen twice across rounds: `once` side effects, the answers that led to an outcome, and final
 * results, with short leases while work runs. Values are opaque strings; TTLs are positive milliseconds
 * (fractions round up).
 */
export interface StateStore {
  /** Atomic: stores the value only if the key is absent or expired. Resolves true if it stored. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** The live value, or undefined when the key is absent or expired. */
  get(key: string): Promise<string | undefined>;
  /** Stores or replaces the value, restarting its TTL. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Atomic: replaces the value (restarting its TTL) only while the live value is exactly `expected`.
   * Resolves true if it replaced. Renews and completes leases.
   */
  compareAndSet(key: string, expected: string, value: string, ttlMs: number): Promise<boolean>;
  /** Atomic: removes the key only while its live value is exactly `expected`. Resolves true if it removed. */
  compareAndDelete(key: string, expected: string): Promise<boolean>;
  /** Removes the key; removing an absent key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * For a store that may drop records before their TTL (a bounded one in memory): the time from which it
   * still holds every record written. A requestState issued before it may need a dropped record, so it is
   * refused as expired rather than risk a second `once` effect or final result. A store that never drops
   * a live record leaves it out.
   */
  keepsRecordsSince?(): number;
  /**
   * For a store that may drop records before their TTL and remembers which: whether a requestState issued
   * at `issuedAt` may need a record of `key` that was dropped. When present it is asked instead of
   * `keepsRecordsSince`, so a full store refuses only the calls whose records it dropped. It may answer
   * true when unsure, never false.
   */
  mayHaveDropped?(key: string, issuedAt: number): boolean;
  /**
   * The store's generation: a random id written when the store is first used, and kept for as long as
   * the store keeps its records. A store that lost them (restarted empty, flushed, failed over to a
   * replica that lagged) is in a new generation. A sealed requestState carries the generation its call
   * started under. The value may be cached briefly: a stale one only makes later claims refuse.
   */
  generation?(): Promise<string>;
  /**
   * Atomic, like `setIfAbsent`, and also checks the generation: while the key is absent and the store is
   * no longer in `generation`, it stores nothing and resolves `forgotten` (the key may have held a record
   * the store lost). A store that has `generation` has this too.
   */
  setIfAbsentInGeneration?(
    key: string,
    value: string,
    ttlMs: number,
    generation: string,
  ): Promise<GenerationClaim>;
  /**
   * Called once when the server starts, before it serves: checks the store can keep its promises, and
   * may refuse the start by throwing.
   */
  prepare?(): Promise<void>;
  /** Releases what the store owns (connections, memory). */
  close?(): Promise<void>;
}

/** What {@link StateStore.setIfAbsentInGeneration} did: stored, found the key, or found the store forgot. */
export type GenerationClaim = 'stored' | 'present' | { forgotten: string };
