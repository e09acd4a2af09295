import { Redis, type Cluster } from 'ioredis';
import type { StateStore } from '../mrtr/stores/state-store.js';
import { storeTtlMs } from '../mrtr/stores/store-ttl.js';

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

  async delete(key: string): Promise<void> {
    await this.client.del(this.keyPrefix + key);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.quit();
  }
}
