import { StoreUnavailableError } from '../errors/store-unavailable.error.js';

/**
 * The reply of a Redis command, or a `StoreUnavailableError` naming Redis when Redis failed the command
 * or did not answer within `deadlineMs`. Without a deadline (the client bounds its own wait) only the
 * failure is mapped.
 */
export function boundedRedisCommand<T>(command: Promise<T>, deadlineMs: number | undefined): Promise<T> {
  if (deadlineMs === undefined) return command.catch(rethrowUnavailable);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new StoreUnavailableError('Redis', new Error(`no reply within ${deadlineMs} ms`))),
      deadlineMs,
    );
    command.then(
      (reply) => {
        clearTimeout(timer);
        resolve(reply);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new StoreUnavailableError('Redis', error));
      },
    );
  });
}

function rethrowUnavailable(cause: unknown): never {
  throw new StoreUnavailableError('Redis', cause);
}
