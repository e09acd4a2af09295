import type { StateStore } from '../mrtr/stores/state-store.js';
import { storeTtlMs } from '../mrtr/stores/store-ttl.js';
import type { RedisCommandClient } from './redis-client.types.js';

// Compare-and-swap runs as one script so no other client can write between the read and the write.
const COMPARE_AND_SET = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end return 0`;
const COMPARE_AND_DELETE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface RedisStateStoreOptions {
  /** Put before every key so Elicitor's keys are easy to find and cannot clash. Default `elicitor:`. */
  keyPrefix?: string;
}

/**
 * A {@link StateStore} on Redis, for servers with several replicas. Pass a connected client (ioredis 5 or 6,
 * `Redis` or `Cluster`; you keep ownership and `close()` leaves it open), or a URL: then the store creates an ioredis
 * client (ioredis is loaded only then) and `close()` quits it. A `keyPrefix` set on the client itself
 * applies on top of this one.
 */
export class RedisStateStore implements StateStore {
  static readonly DEFAULT_KEY_PREFIX = 'elicitor:';

  readonly keyPrefix: string;
  private readonly ownsClient: boolean;
  private readonly client: Promise<RedisCommandClient>;

  constructor(clientOrUrl: RedisCommandClient | string, options: RedisStateStoreOptions = {}) {
    this.ownsClient = typeof clientOrUrl === 'string';
    this.client =
      typeof clientOrUrl === 'string' ? connectIoredis(clientOrUrl) : Promise.resolve(clientOrUrl);
    this.keyPrefix = options.keyPrefix ?? RedisStateStore.DEFAULT_KEY_PREFIX;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const reply = await (await this.client).set(this.keyPrefix + key, value, 'PX', storeTtlMs(ttlMs), 'NX');
    return reply === 'OK';
  }

  async get(key: string): Promise<string | undefined> {
    return (await (await this.client).get(this.keyPrefix + key)) ?? undefined;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await (await this.client).set(this.keyPrefix + key, value, 'PX', storeTtlMs(ttlMs));
  }

  async compareAndSet(key: string, expected: string, value: string, ttlMs: number): Promise<boolean> {
    const ttl = storeTtlMs(ttlMs);
    const reply = await (
      await this.client
    ).eval(COMPARE_AND_SET, 1, this.keyPrefix + key, expected, value, ttl);
    return reply === 1;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    const reply = await (await this.client).eval(COMPARE_AND_DELETE, 1, this.keyPrefix + key, expected);
    return reply === 1;
  }

  async delete(key: string): Promise<void> {
    await (await this.client).del(this.keyPrefix + key);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await (await this.client).quit();
  }
}

/** ioredis is an optional peer: it is imported only when the store is given a URL. */
function connectIoredis(url: string): Promise<RedisCommandClient> {
  const client = import('ioredis').then(
    ({ Redis }) => new Redis(url),
    (cause: unknown) => {
      throw new Error('RedisStateStore needs the ioredis package to connect by URL: npm install ioredis', {
        cause,
      });
    },
  );
  // The failure surfaces on the store's first command, not as an unhandled rejection at construction.
  client.catch(() => undefined);
  return client;
}
