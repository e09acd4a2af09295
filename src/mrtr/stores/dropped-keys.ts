/**
 * The keys a bounded store dropped while still in their TTL, each with the time of its last write, kept for
 * as long as the dropped record could have lived. A requestState issued up to that write may need the
 * record; one issued after it cannot (the round that issued it ran after the record was written, and
 * carries what it needs forward). Other calls are not touched.
 *
 * Keys are held as 53-bit fingerprints, some 65 bytes each against a record's 400 or more: two keys that
 * share one can only make a round refuse that did not need to, never let one through that did. Past
 * `capacity` the oldest are folded into one horizon: every requestState issued up to their writes is
 * refused, as if all their calls' records were gone.
 */
export class DroppedKeys {
  /** Fingerprint → the dropped record's last write. */
  private readonly writes = new Map<number, number>();
  private horizon = Number.NEGATIVE_INFINITY;
  /** The longest TTL among the dropped records: no tombstone is needed past its write plus this. */
  private keepForMs = 0;

  constructor(private readonly capacity: number) {}

  /** Tombstones held. */
  get size(): number {
    return this.writes.size;
  }

  add(key: string, writtenAt: number, ttlMs: number): void {
    if (ttlMs > this.keepForMs) this.keepForMs = ttlMs;
    const print = fingerprint(key);
    const known = this.writes.get(print);
    if (known !== undefined) {
      // Re-inserted so the map's order stays the order of drops, oldest first.
      this.writes.delete(print);
      writtenAt = Math.max(writtenAt, known);
    } else if (this.writes.size >= this.capacity) {
      this.foldOldest();
    }
    this.writes.set(print, writtenAt);
  }

  /** Whether a requestState issued at `issuedAt` may need a dropped record of `key`. */
  mayNeed(key: string, issuedAt: number): boolean {
    if (issuedAt < this.horizon) return true;
    if (this.writes.size === 0) return false;
    const writtenAt = this.writes.get(fingerprint(key));
    return writtenAt !== undefined && issuedAt <= writtenAt;
  }

  /** Forgets the tombstones no record could still need. */
  sweep(now: number): void {
    for (const [print, writtenAt] of this.writes) {
      if (writtenAt + this.keepForMs < now) this.writes.delete(print);
    }
  }

  clear(): void {
    this.writes.clear();
  }

  private foldOldest(): void {
    const oldest = this.writes.entries().next().value;
    if (oldest === undefined) return;
    const [print, writtenAt] = oldest;
    this.writes.delete(print);
    if (writtenAt >= this.horizon) this.horizon = writtenAt + 1;
  }
}

/** 53 bits of a key, from two 32-bit multiplicative hashes taken in one pass. */
function fingerprint(key: string): number {
  let high = 0x811c9dc5;
  let low = 0x9747b28c ^ key.length;
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index);
    high = Math.imul(high ^ code, 0x01000193);
    low = Math.imul(low ^ code, 0x5bd1e995);
    low ^= low >>> 13;
  }
  return (high >>> 0) * 0x200000 + ((low >>> 0) & 0x1fffff);
}
