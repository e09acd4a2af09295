import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { describeStateStoreContract } from '../mrtr/stores/state-store-contract.js';
import type { RedisCommandClient } from './redis-client.types.js';
import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import { RedisStateStore } from './redis.store.js';
import { describeWhen } from '../../test/support/test-requirements.js';

// CI starts a real redis-server and sets REDIS_URL; without it these cases are reported as skipped, not passed.
const redisUrl = process.env.REDIS_URL;

describeWhen('redis')('RedisStateStore', () => {
  let client: Redis;
  const testPrefix = () => `elicitor-test:${randomUUID()}:`;

  beforeAll(() => {
    client = new Redis(redisUrl!);
  });

  afterAll(async () => {
    await client.quit();
  });

  describeStateStoreContract('RedisStateStore', {
    create: () => new RedisStateStore(client, { keyPrefix: testPrefix() }),
    elapse: (ms) => sleep(ms),
    shortTtlMs: 50,
    sibling: (store) => new RedisStateStore(redisUrl!, { keyPrefix: (store as RedisStateStore).keyPrefix }),
    // Only this store's keys go: the Redis is shared with other specs.
    forget: async (store) => {
      const keys = await client.keys(`${(store as RedisStateStore).keyPrefix}*`);
      if (keys.length > 0) await client.del(...keys);
    },
  });

  it('writes under the default prefix `elicitor:`', async () => {
    const key = `default-prefix-${randomUUID()}`;
    const store = new RedisStateStore(client);
    expect(store.keyPrefix).toBe('elicitor:');
    await store.set(key, 'v', 60_000);
    await expect(client.get(`elicitor:${key}`)).resolves.toBe('v');
    await store.delete(key);
  });

  it('writes under a custom prefix and sets the expiry in Redis itself', async () => {
    const prefix = testPrefix();
    const store = new RedisStateStore(client, { keyPrefix: prefix });
    await store.setIfAbsent('k', 'v', 30_000);
    await expect(client.get(`${prefix}k`)).resolves.toBe('v');
    const pttl = await client.pttl(`${prefix}k`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(30_000);
  });

  it('two stores on one Redis see the same keys, as two replicas would', async () => {
    const prefix = testPrefix();
    const replicaA = new RedisStateStore(client, { keyPrefix: prefix });
    const replicaB = new RedisStateStore(redisUrl!, { keyPrefix: prefix });
    try {
      await expect(replicaA.setIfAbsent('once:charge', 'done', 60_000)).resolves.toBe(true);
      await expect(replicaB.setIfAbsent('once:charge', 'done', 60_000)).resolves.toBe(false);
      await expect(replicaB.get('once:charge')).resolves.toBe('done');
    } finally {
      await replicaB.close();
    }
  });

  it('close quits a client it created from a URL', async () => {
    const store = new RedisStateStore(redisUrl!, { keyPrefix: testPrefix() });
    await store.set('k', 'v', 60_000);
    await store.close();
    await expect(store.get('k')).rejects.toThrow();
  });

  it('close leaves a client it was given open', async () => {
    const store = new RedisStateStore(client, { keyPrefix: testPrefix() });
    await store.close();
    await expect(client.ping()).resolves.toBe('PONG');
  });
});

describe('RedisStateStore with any client of the right shape', () => {
  it('sends its commands to a structural client (no ioredis class needed)', async () => {
    const sent: unknown[][] = [];
    const values = new Map<string, string>();
    const client: RedisCommandClient = {
      async get(key: string) {
        sent.push(['get', key]);
        return values.get(key) ?? null;
      },
      async set(key: string, value: string, ...rest: unknown[]) {
        sent.push(['set', key, value, ...rest]);
        if (rest.includes('NX') && values.has(key)) return null;
        values.set(key, value);
        return 'OK';
      },
      async del(key: string) {
        sent.push(['del', key]);
        return values.delete(key) ? 1 : 0;
      },
      async quit() {
        sent.push(['quit']);
        return 'OK';
      },
      async eval(_script: string, _keys: number, key: string | number, expected: string | number) {
        sent.push(['eval', key, expected]);
        return values.get(String(key)) === expected ? 1 : 0;
      },
    };
    const store = new RedisStateStore(client, { keyPrefix: 'p:' });
    await expect(store.setIfAbsent('k', 'v', 5_000)).resolves.toBe(true);
    await expect(store.setIfAbsent('k', 'w', 5_000)).resolves.toBe(false);
    await expect(store.get('k')).resolves.toBe('v');
    await expect(store.compareAndDelete('k', 'w')).resolves.toBe(false);
    await store.delete('k');
    await store.close();
    expect(sent).toStrictEqual([
      ['set', 'p:k', 'v', 'PX', 5_000, 'NX'],
      ['set', 'p:k', 'w', 'PX', 5_000, 'NX'],
      ['get', 'p:k'],
      ['eval', 'p:k', 'w'],
      ['del', 'p:k'],
    ]);
  });
});

describe('RedisStateStore when Redis fails', () => {
  const quiet = { info() {}, warn() {} };
  /** A client whose commands all get `reply`, and that records the events the store listens to. */
  function clientAnswering(reply: () => Promise<never>) {
    const listeners = new Map<string, (...args: unknown[]) => void>();
    const client = {
      get: reply,
      set: reply,
      del: reply,
      eval: reply,
      quit: async () => 'OK',
      on(event: string, listener: (...args: unknown[]) => void) {
        listeners.set(event, listener);
        return client;
      },
    } as unknown as RedisCommandClient;
    return { client, listeners };
  }

  it('bounds a command the client never answers, failing it as the store being unavailable', async () => {
    const { client } = clientAnswering(() => new Promise<never>(() => undefined));
    const store = new RedisStateStore(client, { commandTimeoutMs: 50, logger: quiet });
    const started = Date.now();
    await expect(store.setIfAbsent('k', 'v', 1_000)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('turns every failed command into StoreUnavailableError, with the cause kept', async () => {
    const refused = new Error('connect ECONNREFUSED');
    const { client } = clientAnswering(() => Promise.reject(refused));
    const store = new RedisStateStore(client, { logger: quiet });
    for (const command of [
      () => store.get('k'),
      () => store.set('k', 'v', 1_000),
      () => store.compareAndSet('k', 'a', 'b', 1_000),
      () => store.compareAndDelete('k', 'a'),
      () => store.delete('k'),
    ]) {
      const error = await command().catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).cause).toBe(refused);
    }
  });

  it('handles the error events of a client it is given, and logs an outage once, then the recovery', () => {
    const { client, listeners } = clientAnswering(() => Promise.reject(new Error('down')));
    const lines: string[] = [];
    new RedisStateStore(client, {
      logger: { info: (line) => lines.push(line), warn: (line) => lines.push(line) },
    });
    const onError = listeners.get('error')!;
    onError(new Error('connect ECONNREFUSED'));
    onError(new Error('connect ECONNREFUSED'));
    listeners.get('ready')!();
    expect(lines).toStrictEqual([
      'the Redis state store lost its connection (connect ECONNREFUSED); calls that need it fail as retryable until it is back',
      'the Redis state store is connected again',
    ]);
  });
});
