import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { RedisDurability, findDurabilityProblems } from './redis-durability.check.js';

// CI starts a real redis-server (without persistence) and sets REDIS_URL; without it these are skipped.
const redisUrl = process.env.REDIS_URL;
const describeWithRedis = redisUrl ? describe : describe.skip;

/** Runs `body` with Redis settings changed, and puts them back, since the Redis is shared. */
async function withConfig(client: Redis, settings: Record<string, string>, body: () => Promise<void>) {
  const before: Record<string, string> = {};
  for (const name of Object.keys(settings))
    before[name] = ((await client.config('GET', name)) as string[])[1]!;
  try {
    for (const [name, value] of Object.entries(settings)) await client.config('SET', name, value);
    await body();
  } finally {
    for (const [name, value] of Object.entries(before)) await client.config('SET', name, value);
  }
}

describeWithRedis('the Redis durability check (needs REDIS_URL)', () => {
  let client: Redis;
  beforeAll(() => {
    client = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await client.quit();
  });

  it('finds a Redis without persistence, and one that may evict keys', async () => {
    await withConfig(
      client,
      { appendonly: 'no', save: '', maxmemory: '1gb', 'maxmemory-policy': 'allkeys-lru' },
      async () => {
        await expect(findDurabilityProblems(client, 2_000)).resolves.toStrictEqual([
          'appendonly is off (no RDB save points either, so a restart empties it)',
          'maxmemory is 1073741824 bytes with maxmemory-policy allkeys-lru, which may evict its keys',
        ]);
      },
    );
  });

  it('tells RDB snapshots alone apart, and finds nothing wrong with AOF and noeviction', async () => {
    await withConfig(client, { appendonly: 'no', save: '3600 1' }, async () => {
      await expect(findDurabilityProblems(client, 2_000)).resolves.toStrictEqual([
        'appendonly is off (RDB snapshots only, so a restart loses the writes since the last one)',
      ]);
    });
    await withConfig(client, { appendonly: 'yes', 'maxmemory-policy': 'noeviction' }, async () => {
      await expect(findDurabilityProblems(client, 2_000)).resolves.toStrictEqual([]);
    });
  });

  it("refuses to start under 'require', and warns once per finding under 'warn'", async () => {
    await withConfig(client, { appendonly: 'no', save: '' }, async () => {
      const quiet = { info: () => {}, warn: () => {} };
      await expect(
        new RedisDurability('require', quiet, 2_000).prepare(Promise.resolve(client)),
      ).rejects.toThrow(/^Redis cannot keep Elicitor's records: appendonly is off/);
      const warnings: string[] = [];
      const durability = new RedisDurability(
        'warn',
        { info: () => {}, warn: (line) => warnings.push(line) },
        2_000,
      );
      durability.watch(client);
      await durability.prepare(Promise.resolve(client));
      durability.connected();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^Redis cannot keep its promises: appendonly is off .*maxmemory-policy noeviction/,
      );
    });
  });
});
