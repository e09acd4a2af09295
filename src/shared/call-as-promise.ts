/**
 * Calls `fn` and settles through a promise whatever it does: a promise it returns is passed on as it is (not
 * wrapped in another), a value is resolved, and a synchronous throw becomes a rejection.
 */
export function callAsPromise<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    const result = fn();
    return result instanceof Promise ? result : Promise.resolve(result);
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
