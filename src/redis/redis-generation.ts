import { randomId } from '../shared/random-pool.js';

/** How long a generation read from Redis is used for new calls before it is read again. */
export const GENERATION_MAX_AGE_MS = 1_000;

/**
 * The generation of a Redis store as this replica last read it. Only new calls are sealed with it, and a
 * claim checks the live one in Redis itself, so a stale value costs at most a refused round, never a
 * forgotten record gone unnoticed: a value read earlier than a call's first write is always safe. It is
 * read again after {@link GENERATION_MAX_AGE_MS}, by one request at a time, and forgotten when the
 * connection drops: a Redis that comes back may be empty, and a call sealed with the old value would be
 * refused for nothing.
 */
export class RedisGeneration {
  private known: Promise<string> | undefined;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<string> | undefined;

  constructor(
    /** Reads the generation in Redis, starting one with the given id when there is none. */
    private readonly readOrStart: (candidate: string) => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  current(): Promise<string> {
    if (this.known !== undefined && this.now() - this.readAt < GENERATION_MAX_AGE_MS) return this.known;
    return (this.reading ??= this.read());
  }

  /** The connection dropped: new calls wait for a fresh read (and fail as retryable while Redis is out). */
  forget(): void {
    this.known = undefined;
  }

  /** A claim found Redis in another generation (empty: none): new calls take the one it found. */
  learned(live: string): void {
    if (live === '') {
      this.readAt = Number.NEGATIVE_INFINITY;
      return;
    }
    this.known = Promise.resolve(live);
    this.readAt = this.now();
  }

  private async read(): Promise<string> {
    const startedAt = this.now();
    try {
      const generation = await this.readOrStart(randomId(12));
      this.known = Promise.resolve(generation);
      this.readAt = startedAt;
      return generation;
    } finally {
      this.reading = undefined;
    }
  }
}
