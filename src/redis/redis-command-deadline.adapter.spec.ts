import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import { boundedRedisCommand } from './redis-command-deadline.adapter.js';

describe('boundedRedisCommand', () => {
  it('fails a command that never answers within the deadline, with StoreUnavailableError', async () => {
    const started = Date.now();
    const outcome = boundedRedisCommand(new Promise<string>(() => undefined), 50);
    await expect(outcome).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(outcome).rejects.toMatchObject({
      store: 'Redis',
      cause: { message: 'no reply within 50 ms' },
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('maps a command Redis rejects to StoreUnavailableError, keeping the cause', async () => {
    const refused = new Error('READONLY You cannot write against a read only replica');
    for (const deadlineMs of [1_000, undefined]) {
      const outcome = boundedRedisCommand(Promise.reject(refused), deadlineMs);
      await expect(outcome).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(outcome).rejects.toMatchObject({ store: 'Redis', cause: refused });
    }
  });

  it('passes a reply through, with or without a deadline', async () => {
    await expect(boundedRedisCommand(Promise.resolve('OK'), 1_000)).resolves.toBe('OK');
    await expect(boundedRedisCommand(Promise.resolve(null), undefined)).resolves.toBeNull();
  });
});
