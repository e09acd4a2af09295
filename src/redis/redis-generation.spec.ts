import { describe, expect, it } from '@jest/globals';
import { GENERATION_MAX_AGE_MS, RedisGeneration } from './redis-generation.js';

/** A Redis generation key as the read script sees it, with a count of the reads that reached it. */
function fakeRedis() {
  const redis = { live: undefined as string | undefined, reads: 0, down: false };
  const readOrStart = (candidate: string): Promise<string> => {
    redis.reads++;
    if (redis.down) return Promise.reject(new Error('down'));
    redis.live ??= candidate;
    return Promise.resolve(redis.live);
  };
  return { redis, readOrStart };
}

describe('RedisGeneration', () => {
  it('starts a generation on first use and reads it again only once it is a second old', async () => {
    let now = 0;
    const { redis, readOrStart } = fakeRedis();
    const generation = new RedisGeneration(readOrStart, () => now);
    const first = await generation.current();
    expect(first).toBe(redis.live);
    await generation.current();
    expect(redis.reads).toBe(1);
    now += GENERATION_MAX_AGE_MS;
    await expect(generation.current()).resolves.toBe(first);
    expect(redis.reads).toBe(2);
  });

  it('sends one read for many concurrent callers', async () => {
    const { redis, readOrStart } = fakeRedis();
    const generation = new RedisGeneration(readOrStart);
    const values = await Promise.all(Array.from({ length: 20 }, () => generation.current()));
    expect(new Set(values).size).toBe(1);
    expect(redis.reads).toBe(1);
  });

  it('reads again once the connection dropped, and fails while Redis is out', async () => {
    const { redis, readOrStart } = fakeRedis();
    const generation = new RedisGeneration(readOrStart);
    const first = await generation.current();
    generation.forget();
    redis.down = true;
    await expect(generation.current()).rejects.toThrow('down');
    redis.down = false;
    redis.live = undefined;
    const started = await generation.current();
    expect(started).not.toBe(first);
  });

  it('takes the generation a claim found, and reads again when the claim found none', async () => {
    const { redis, readOrStart } = fakeRedis();
    const generation = new RedisGeneration(readOrStart);
    const first = await generation.current();
    generation.learned('newer');
    await expect(generation.current()).resolves.toBe('newer');
    redis.live = undefined;
    generation.learned('');
    const started = await generation.current();
    expect(started).not.toBe(first);
    expect(started).toBe(redis.live);
  });
});
