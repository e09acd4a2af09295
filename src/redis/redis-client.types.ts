/**
 * The few Redis commands the state store sends. ioredis 5 and 6 clients (`Redis` and `Cluster`) fit this
 * shape, so a user's client type-checks whatever ioredis version their project pins.
 */
export interface RedisCommandClient {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, px: 'PX', ttlMs: number): Promise<unknown>;
  set(key: string, value: string, px: 'PX', ttlMs: number, nx: 'NX'): Promise<unknown>;
  del(key: string): Promise<number>;
  /** Runs the compare-and-swap scripts of leases, atomically on the server. */
  eval(script: string, numberOfKeys: number, ...keysAndArgs: Array<string | number>): Promise<unknown>;
  quit(): Promise<unknown>;
  /** Drops the connection at once, when `quit` cannot reach the server. */
  disconnect?(): void;
  /** Connection events (`error`, `ready`): the store listens, so no error goes unhandled. */
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  off?(event: string, listener: (...args: unknown[]) => void): unknown;
}
