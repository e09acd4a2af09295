import { RedisStateStore } from 'elicitor/redis';

/**
 * The store from a URL, with its own ioredis client: every command waits at most `commandTimeoutMs`, a
 * call that needs Redis while it is out fails as retryable, and the client reconnects by itself.
 */
export function createStore(url: string | undefined = process.env.REDIS_URL): RedisStateStore {
  if (!url) throw new Error('Set REDIS_URL, e.g. redis://redis:6379');
  return new RedisStateStore(url, {
    keyPrefix: 'shop:',
    commandTimeoutMs: 1_000, // default 2,000
    logger: { info: (line) => console.info(line), warn: (line) => console.warn(line) },
  });
}
