import { Redis, type Cluster } from 'ioredis';
import type { StateStore } from '../mrtr/stores/state-store.js';
import { storeTtlMs } from '../mrtr/stores/store-ttl.js';

// Compare-and-swap runs as one script so no other client can write between the read and the write.
const COMPARE_AND_SET = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end return 0`;
const COMPARE_AND_DELETE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface RedisStateStoreOptions {
  /** Put before every key so Elicitor's keys are easy to find and cannot clash. Default `elicitor:`. */
  keyPrefix?: string;
}

/**
 * A {@link StateStore} on Redis, for servers with several replicas. Pass a connected ioredis client (you keep
 * ownership; `close()` leaves it open) or a URL (the store creates the client and `close()` quits it).
 * A `keyPrefix` set on the ioredis client itself applies on top of this one.
 */
export class RedisStateStore implements StateStore {
  static readonly DEFAULT_KEY_PREFIX = 'elicitor:';

  readonly keyPrefix: string;
  private readonly client: Redis | Cluster;
  private readonly ownsClient: boolean;

  constructor(clientOrUrl: Redis | Cluster | string, options: RedisStateStoreOptions = {}) {
    this.ownsClient = typeof clientOrUrl === 'string';
    this.client = typeof clientOrUrl === 'string' ? new Redis(clientOrUrl) : clientOrUrl;
    this.keyPrefix = options.keyPrefix ?? RedisStateStore.DEFAULT_KEY_PREFIX;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const reply = await this.client.set(this.keyPrefix + key, value, 'PX', storeTtlMs(ttlMs), 'NX');
    return reply === 'OK';
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.client.get(this.keyPrefix + key)) ?? undefined;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.client.set(this.keyPrefix + key, value, 'PX', storeTtlMs(ttlMs));
  }

  async compareAndSet(key: string, expected: string, value: string, ttlMs: number): Promise<boolean> {
    const ttl = storeTtlMs(ttlMs);
    const reply = await this.client.eval(COMPARE_AND_SET, 1, this.keyPrefix + key, expected, value, ttl);
    return reply === 1;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    const reply = await this.client.eval(COMPARE_AND_DELETE, 1, this.keyPrefix + key, expected);
    return reply === 1;
  }

  async delete(key: string): Promise<void> {
    await this.client.del(this.keyPrefix + key);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.quit();
  }
}
