/** How long a store command may take before the call fails as retryable. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;

/** The ioredis settings that bound a command's wait, as {@link redisConnectionOptions} returns them. */
export interface RedisConnectionOptions {
  /** A command without a reply in this time is rejected (ioredis `commandTimeout`). */
  commandTimeout: number;
  /** How long a connection attempt may take (ioredis `connectTimeout`). */
  connectTimeout: number;
  /**
   * 0: a command queued while the connection is down fails at the next failed attempt, rather than
   * waiting for Redis to come back (ioredis `maxRetriesPerRequest`).
   */
  maxRetriesPerRequest: number;
  /** Commands sent while connecting wait for the connection, within the bounds above. */
  enableOfflineQueue: boolean;
  /** Reconnects forever, at most half a second apart, so the store recovers without a restart. */
  retryStrategy: (times: number) => number;
}

/**
 * The ioredis options the store uses for a client it creates from a URL. Pass them to a client you make
 * yourself (`new Redis(url, redisConnectionOptions())`, or a `Cluster`'s `redisOptions`) for the same bounds.
 */
export function redisConnectionOptions(
  commandTimeoutMs = DEFAULT_COMMAND_TIMEOUT_MS,
): RedisConnectionOptions {
  return {
    commandTimeout: commandTimeoutMs,
    connectTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 50, 500),
  };
}
