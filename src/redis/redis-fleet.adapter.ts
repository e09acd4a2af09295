import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import type {
  Fleet,
  FleetBus,
  FleetEvent,
  FleetEventLog,
  FleetListener,
  FleetRecords,
  FleetSessionLimits,
  FleetSessions,
} from '../fleet/fleet.types.js';
import { stderrLogger, type ServerLogger } from '../shared/server-logger.js';
import { ConnectionHealth } from './connection-health.js';
import { boundedRedisCommand } from './redis-command-deadline.adapter.js';
import { DEFAULT_COMMAND_TIMEOUT_MS, redisConnectionOptions } from './redis-connection.options.js';
import * as scripts from './redis-fleet-scripts.constants.js';

/**
 * The commands a fleet sends on an ioredis client (`Redis`; ioredis 5 or 6). A second connection for
 * pub/sub is made with `duplicate()`.
 */
export interface RedisFleetClient {
  call(command: string, ...args: Array<string | number>): Promise<unknown>;
  duplicate(): RedisFleetClient;
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  quit(): Promise<unknown>;
  disconnect(): void;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** How a Redis fleet names its keys, bounds each command and keeps stream events. */
export interface RedisFleetOptions {
  /** Put before every key and channel. Default `elicitor:`; replicas of one server share it. */
  keyPrefix?: string;
  /** The longest a command may wait for Redis; past it the request fails with `StoreUnavailableError`. Default 2,000 ms. */
  commandTimeoutMs?: number;
  /** Events kept per SSE stream (approximately; the oldest go first). Default 1,000. */
  maxEventsPerStream?: number;
  /** How long a stream's events are kept after its last event. Default 10 minutes. */
  eventRetentionMs?: number;
  /** See `Fleet.callLeaseMs`. Default 10 s. */
  callLeaseMs?: number;
  /** Where connection losses and recoveries are reported, once per outage. Default: stderr. */
  logger?: Pick<ServerLogger, 'warn' | 'info'>;
}

/**
 * A {@link Fleet} on Redis: replicas given the same Redis and `keyPrefix` share 2025-era sessions, relay
 * answers and cancellations through pub/sub, keep stream events in Redis streams (bounded by length and
 * age) and journal the calls that ask questions. Pass a URL, ioredis options, or a connected `Redis`
 * client (you keep ownership: `close()` leaves it open, and closes only the pub/sub connection the fleet
 * duplicated from it). Every command is bounded by `commandTimeoutMs`; a failure of Redis reaches the
 * caller as a `StoreUnavailableError`, and ioredis reconnects (and resubscribes) on its own.
 */
export class RedisFleet implements Fleet {
  readonly name = 'Redis';
  readonly keyPrefix: string;
  readonly commandTimeoutMs: number;
  readonly sessions: FleetSessions;
  readonly bus: FleetBus;
  readonly events: FleetEventLog;
  readonly records: FleetRecords;
  readonly callLeaseMs: number;
  private readonly ownsClient: boolean;
  private readonly client: Promise<RedisFleetClient>;
  private subscriber: Promise<RedisFleetClient> | undefined;
  private readonly health: ConnectionHealth;
  private readonly listeners = new Map<string, Set<FleetListener>>();
  private readonly relisteners = new Set<() => void>();
  private closed = false;

  constructor(
    connection: string | Record<string, unknown> | RedisFleetClient,
    options: RedisFleetOptions = {},
  ) {
    this.keyPrefix = options.keyPrefix ?? 'elicitor:';
    this.callLeaseMs = options.callLeaseMs ?? 10_000;
    this.commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    this.health = new ConnectionHealth(options.logger ?? stderrLogger, 'the Redis fleet');
    this.ownsClient = !isClient(connection);
    this.client = isClient(connection)
      ? Promise.resolve(connection)
      : connectIoredis(connection, this.commandTimeoutMs);
    this.client.then((client) => this.health.start(client)).catch(() => undefined);
    const command = (name: string, ...args: Array<string | number>) => this.command(name, ...args);
    const key = (suffix: string) => this.keyPrefix + suffix;
    this.sessions = new RedisSessions(command, key);
    this.bus = {
      publish: (channel, message) => this.publish(channel, message),
      subscribe: (c, l) => this.listen(c, l),
      onRelisten: (listener) => {
        this.relisteners.add(listener);
        return () => this.relisteners.delete(listener);
      },
    };
    this.events = new RedisEventLog(command, key, {
      max: options.maxEventsPerStream ?? 1_000,
      retentionMs: options.eventRetentionMs ?? 600_000,
    });
    this.records = new RedisRecords(command, key);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const subscriber = await this.subscriber?.catch(() => undefined);
    subscriber?.disconnect();
    const client = await this.client.catch(() => undefined);
    if (!client) return;
    this.health.stop(client);
    if (this.ownsClient)
      await boundedRedisCommand(client.quit(), this.commandTimeoutMs).catch(() => client.disconnect());
  }

  /** One command, bounded in time; any failure is a `StoreUnavailableError` naming Redis. */
  private async command(name: string, ...args: Array<string | number>): Promise<unknown> {
    const client = await this.client.catch((cause: unknown) => {
      throw new StoreUnavailableError('Redis', cause);
    });
    return boundedRedisCommand(client.call(name, ...args), this.commandTimeoutMs);
  }

  private async publish(channel: string, message: string): Promise<void> {
    await this.command('PUBLISH', this.keyPrefix + channel, message);
  }

  private async listen(channel: string, listener: FleetListener): Promise<() => void> {
    const subscriber = await (this.subscriber ??= this.subscriberConnection()).catch((cause: unknown) => {
      throw new StoreUnavailableError('Redis', cause);
    });
    const name = this.keyPrefix + channel;
    let listeners = this.listeners.get(name);
    if (!listeners) {
      this.listeners.set(name, (listeners = new Set()));
      try {
        await boundedRedisCommand(subscriber.subscribe(name), this.commandTimeoutMs);
      } catch (error) {
        this.listeners.delete(name);
        throw error;
      }
    }
    const own = (message: string) => listener(message);
    listeners.add(own);
    return () => {
      listeners.delete(own);
      if (listeners.size > 0 || this.listeners.get(name) !== listeners) return;
      this.listeners.delete(name);
      if (!this.closed) subscriber.unsubscribe(name).catch(() => undefined);
    };
  }

  /** A second connection in subscriber mode; ioredis resubscribes its channels after a reconnect. */
  private async subscriberConnection(): Promise<RedisFleetClient> {
    const subscriber = (await this.client).duplicate();
    this.health.start(subscriber);
    // ioredis subscribes again on each new connection; what was published in between is gone.
    let connections = 0;
    subscriber.on('ready', () => {
      if (connections++ === 0) return;
      for (const listener of this.relisteners) listener();
    });
    subscriber.on('message', (channel: unknown, message: unknown) => {
      for (const listener of this.listeners.get(channel as string) ?? []) {
        try {
          listener(message as string);
        } catch {
          // A listener owns its failures; the others still hear the message.
        }
      }
    });
    return subscriber;
  }
}

type Command = (name: string, ...args: Array<string | number>) => Promise<unknown>;
type KeyOf = (suffix: string) => string;

class RedisSessions implements FleetSessions {
  private readonly active: string;

  constructor(
    private readonly command: Command,
    private readonly key: KeyOf,
  ) {
    this.active = key('sessions');
  }

  async admit(id: string, record: string, limits: FleetSessionLimits): Promise<boolean> {
    const { maxSessions, idleTimeoutMs } = limits;
    const reply = await this.script(scripts.ADMIT_SESSION, id, record, maxSessions, idleTimeoutMs);
    return reply === 1;
  }

  async save(id: string, record: string, idleTimeoutMs: number): Promise<void> {
    await this.script(scripts.SAVE_SESSION, id, record, idleTimeoutMs);
  }

  async load(id: string): Promise<string | undefined> {
    return ((await this.command('GET', this.key(`session:${id}`))) as string | null) ?? undefined;
  }

  async touch(id: string, idleTimeoutMs: number): Promise<boolean> {
    return (await this.script(scripts.TOUCH_SESSION, id, idleTimeoutMs)) === 1;
  }

  async remove(id: string): Promise<boolean> {
    return (await this.script(scripts.REMOVE_SESSION, id)) === 1;
  }

  private script(script: string, id: string, ...args: Array<string | number>): Promise<unknown> {
    return this.command('EVAL', script, 2, this.active, this.key(`session:${id}`), id, ...args);
  }
}

class RedisEventLog implements FleetEventLog {
  constructor(
    private readonly command: Command,
    private readonly key: KeyOf,
    private readonly bounds: { max: number; retentionMs: number },
  ) {}

  async append(streamId: string, message: string): Promise<string> {
    const { max, retentionMs } = this.bounds;
    const entry = await this.command(
      'EVAL',
      scripts.APPEND_EVENT,
      1,
      this.streamKey(streamId),
      max,
      message,
      retentionMs,
    );
    return `${streamId}_${entry as string}`;
  }

  async after(eventId: string): Promise<{ streamId: string; events: FleetEvent[] } | undefined> {
    const at = eventId.lastIndexOf('_');
    if (at <= 0) return undefined;
    const streamId = eventId.slice(0, at);
    const entries = (await this.command(
      'EVAL',
      scripts.EVENTS_AFTER,
      1,
      this.streamKey(streamId),
      eventId.slice(at + 1),
    ).catch((error: unknown) => {
      // An id Redis cannot parse is an unknown event, not an outage.
      if (
        error instanceof StoreUnavailableError &&
        /Invalid stream ID/i.test(String((error.cause as Error)?.message))
      )
        return null;
      throw error;
    })) as Array<[string, string[]]> | null;
    if (!entries) return undefined;
    return {
      streamId,
      events: entries.map(([id, fields]) => ({ id: `${streamId}_${id}`, message: fields[1]! })),
    };
  }

  async forget(streamId: string): Promise<void> {
    await this.command('DEL', this.streamKey(streamId));
  }

  private streamKey(streamId: string): string {
    return this.key(`events:${streamId}`);
  }
}

class RedisRecords implements FleetRecords {
  constructor(
    private readonly command: Command,
    private readonly key: KeyOf,
  ) {}

  async put(key: string, fields: Readonly<Record<string, string>>, ttlMs: number): Promise<void> {
    const pairs = Object.entries(fields).flat();
    if (pairs.length === 0) return;
    await this.command('EVAL', scripts.PUT_FIELDS, 1, this.key(`record:${key}`), ttlMs, ...pairs);
  }

  async read(key: string): Promise<Record<string, string> | undefined> {
    const flat = (await this.command('HGETALL', this.key(`record:${key}`))) as string[];
    if (flat.length === 0) return undefined;
    const fields: Record<string, string> = {};
    for (let i = 0; i < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
    return fields;
  }

  async drop(key: string): Promise<void> {
    await this.command('DEL', this.key(`record:${key}`));
  }

  async claim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    return (await this.command('EVAL', scripts.CLAIM_LEASE, 1, this.key(`lease:${key}`), owner, ttlMs)) === 1;
  }

  async release(key: string, owner: string): Promise<void> {
    await this.command('EVAL', scripts.RELEASE_LEASE, 1, this.key(`lease:${key}`), owner);
  }
}

function isClient(value: unknown): value is RedisFleetClient {
  return typeof (value as Partial<RedisFleetClient>).duplicate === 'function';
}

/** ioredis is an optional peer, loaded only when the fleet connects by itself. */
function connectIoredis(
  connection: string | Record<string, unknown>,
  commandTimeoutMs: number,
): Promise<RedisFleetClient> {
  return import('ioredis').then(
    ({ Redis }) => {
      const bounds = redisConnectionOptions(commandTimeoutMs);
      const client =
        typeof connection === 'string'
          ? new Redis(connection, bounds)
          : new Redis({ ...bounds, ...connection });
      return client as unknown as RedisFleetClient;
    },
    (cause: unknown) => {
      throw new Error('RedisFleet needs the ioredis package: npm install ioredis', { cause });
    },
  );
}
