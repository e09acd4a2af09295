import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import type { GenerationClaim, StateStore } from '../mrtr/stores/state-store.js';
import { storeTtlMs } from '../mrtr/stores/store-ttl.js';
import { stderrLogger, type ServerLogger } from '../shared/server-logger.js';
import type { RedisCommandClient } from './redis-client.types.js';
import { ConnectionHealth } from './connection-health.js';
import { boundedRedisCommand } from './redis-command-deadline.adapter.js';
import { DEFAULT_COMMAND_TIMEOUT_MS, redisConnectionOptions } from './redis-connection.options.js';
import { RedisDurability, type RedisDurabilityMode } from './redis-durability.check.js';
import { RedisGeneration } from './redis-generation.js';
import {
  READ_OR_START_GENERATION,
  SET_IF_ABSENT_IN_GENERATION,
} from './redis-generation-scripts.constants.js';

// Compare-and-swap runs as one script so no other client can write between the read and the write.
const COMPARE_AND_SET = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end return 0`;
const COMPARE_AND_DELETE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** How the Redis store prefixes its keys, bounds each command and reports outages. */
export interface RedisStateStoreOptions {
  /** Put before every key so Elicitor's keys are easy to find and cannot clash. Default `elicitor:`. */
  keyPrefix?: string;
  /**
   * The longest a store command may wait for Redis; past it the call fails with `StoreUnavailableError`
   * (HTTP 503, retryable). Default 2,000 ms.
   */
  commandTimeoutMs?: number;
  /** Where connection losses and recoveries are reported, once per outage. Default: stderr. */
  logger?: Pick<ServerLogger, 'warn' | 'info'>;
  /**
   * What to do when Redis cannot keep its records through a restart or under memory pressure (no AOF,
   * or `maxmemory` with an eviction policy other than `noeviction`). `warn` (default): one warning when
   * connected, again only if the finding changes. `require`: the server refuses to start (and an
   * unreachable Redis fails the start too). `ignore`: no check.
   */
  durability?: RedisDurabilityMode;
}

/**
 * A {@link StateStore} on Redis, for servers with several replicas. Pass a connected client (ioredis 5 or 6,
 * `Redis` or `Cluster`; you keep ownership and `close()` leaves it open), or a URL: then the store creates an ioredis
 * client (ioredis is loaded only then) and `close()` quits it. A `keyPrefix` set on the client itself
 * applies on top of this one. Every command is bounded by `commandTimeoutMs`, and any failure of Redis
 * reaches the caller as a `StoreUnavailableError`; the store listens for the client's `error` events.
 */
export class RedisStateStore implements StateStore {
  static readonly DEFAULT_KEY_PREFIX = 'elicitor:';

  readonly keyPrefix: string;
  readonly commandTimeoutMs: number;
  private readonly ownsClient: boolean;
  private readonly client: Promise<RedisCommandClient>;
  /** Set when the client cannot bound a command's wait itself (a `Cluster`, a client without `commandTimeout`). */
  private deadlineMs: number | undefined;
  private readonly health: ConnectionHealth;
  private readonly storeGeneration: RedisGeneration;
  private readonly durability: RedisDurability;

  constructor(clientOrUrl: RedisCommandClient | string, options: RedisStateStoreOptions = {}) {
    this.keyPrefix = options.keyPrefix ?? RedisStateStore.DEFAULT_KEY_PREFIX;
    this.commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    this.storeGeneration = new RedisGeneration((candidate) => this.readOrStartGeneration(candidate));
    this.durability = new RedisDurability(
      options.durability ?? 'warn',
      options.logger ?? stderrLogger,
      this.commandTimeoutMs,
    );
    this.health = new ConnectionHealth(options.logger ?? stderrLogger, 'the Redis state store', {
      connected: () => this.durability.connected(),
      lost: () => this.storeGeneration.forget(),
    });
    this.ownsClient = typeof clientOrUrl === 'string';
    if (typeof clientOrUrl === 'string') {
      this.client = connectIoredis(clientOrUrl, this.commandTimeoutMs).then((client) => this.watch(client));
      // The failure surfaces on the store's first command, not as an unhandled rejection at construction.
      this.client.catch(() => undefined);
    } else {
      this.client = Promise.resolve(this.watch(clientOrUrl));
    }
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const client = await this.connected();
    const reply = await this.bounded(client.set(this.keyPrefix + key, value, 'PX', storeTtlMs(ttlMs), 'NX'));
    return reply === 'OK';
  }

  generation(): Promise<string> {
    return this.storeGeneration.current();
  }

  async setIfAbsentInGeneration(
    key: string,
    value: string,
    ttlMs: number,
    generation: string,
  ): Promise<GenerationClaim> {
    const client = await this.connected();
    const ttl = storeTtlMs(ttlMs);
    if (isCluster(client)) return this.setIfAbsentInClusterGeneration(client, key, value, ttl, generation);
    const reply = await this.bounded(
      client.eval(
        SET_IF_ABSENT_IN_GENERATION,
        2,
        this.keyPrefix + key,
        this.generationKey,
        value,
        ttl,
        generation,
      ),
    );
    if (reply === 1) return 'stored';
    if (reply === 0) return 'present';
    return this.forgotten(String(reply));
  }

  /**
   * Checks whether Redis can keep its records (see the `durability` option): resolves after one check in
   * `require` mode, and throws when Redis cannot; otherwise the check runs on each connection, unawaited.
   */
  async prepare(): Promise<void> {
    await this.durability.prepare(this.client);
  }

  async get(key: string): Promise<string | undefined> {
    const client = await this.connected();
    return (await this.bounded(client.get(this.keyPrefix + key))) ?? undefined;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    const client = await this.connected();
    await this.bounded(client.set(this.keyPrefix + key, value, 'PX', storeTtlMs(ttlMs)));
  }

  async compareAndSet(key: string, expected: string, value: string, ttlMs: number): Promise<boolean> {
    const client = await this.connected();
    const ttl = storeTtlMs(ttlMs);
    const reply = await this.bounded(
      client.eval(COMPARE_AND_SET, 1, this.keyPrefix + key, expected, value, ttl),
    );
    return reply === 1;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    const client = await this.connected();
    const reply = await this.bounded(client.eval(COMPARE_AND_DELETE, 1, this.keyPrefix + key, expected));
    return reply === 1;
  }

  async delete(key: string): Promise<void> {
    const client = await this.connected();
    await this.bounded(client.del(this.keyPrefix + key));
  }

  async close(): Promise<void> {
    const client = await this.client.catch(() => undefined);
    if (client === undefined) return;
    this.health.stop(client);
    this.durability.unwatch();
    if (!this.ownsClient) return;
    // A server that is down never answers QUIT: the connection is dropped instead.
    const status = (client as { status?: unknown }).status;
    if (status !== undefined && status !== 'ready' && client.disconnect) client.disconnect();
    else await this.bounded(client.quit()).catch(() => client.disconnect?.());
  }

  /**
   * A cluster cannot run one script on two slots: the key is set first, and the generation read after it,
   * so a store that forgot before the write is seen. The claim it should not have made is given back.
   */
  private async setIfAbsentInClusterGeneration(
    client: RedisCommandClient,
    key: string,
    value: string,
    ttl: number,
    generation: string,
  ): Promise<GenerationClaim> {
    const stored = await this.bounded(client.set(this.keyPrefix + key, value, 'PX', ttl, 'NX'));
    if (stored !== 'OK') return 'present';
    const live = (await this.bounded(client.get(this.generationKey))) ?? '';
    if (live === generation) return 'stored';
    await this.compareAndDelete(key, value);
    return this.forgotten(live);
  }

  private forgotten(live: string): GenerationClaim {
    this.storeGeneration.learned(live);
    return { forgotten: live };
  }

  private async readOrStartGeneration(candidate: string): Promise<string> {
    const client = await this.connected();
    return String(
      await this.bounded(client.eval(READ_OR_START_GENERATION, 1, this.generationKey, candidate)),
    );
  }

  private get generationKey(): string {
    return `${this.keyPrefix}store-generation`;
  }

  /** Listens to the client's connection events, and learns whether it bounds its commands itself. */
  private watch(client: RedisCommandClient): RedisCommandClient {
    this.health.start(client);
    this.durability.watch(client);
    const own = (client as { options?: { commandTimeout?: unknown } }).options?.commandTimeout;
    const bounded = typeof own === 'number' && own <= this.commandTimeoutMs && !isCluster(client);
    this.deadlineMs = bounded ? undefined : this.commandTimeoutMs;
    return client;
  }

  private connected(): Promise<RedisCommandClient> {
    return this.client.catch((cause: unknown) => {
      throw new StoreUnavailableError('Redis', cause);
    });
  }

  /** The command's reply, or a `StoreUnavailableError` when Redis failed it or did not answer in time. */
  private bounded<T>(command: Promise<T>): Promise<T> {
    return boundedRedisCommand(command, this.deadlineMs);
  }
}

function isCluster(client: RedisCommandClient): boolean {
  return (client as { isCluster?: unknown }).isCluster === true;
}

/** ioredis is an optional peer: it is imported only when the store is given a URL. */
function connectIoredis(url: string, commandTimeoutMs: number): Promise<RedisCommandClient> {
  return import('ioredis').then(
    ({ Redis }) => new Redis(url, redisConnectionOptions(commandTimeoutMs)),
    (cause: unknown) => {
      throw new Error('RedisStateStore needs the ioredis package to connect by URL: npm install ioredis', {
        cause,
      });
    },
  );
}
