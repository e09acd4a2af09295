import type { ServerLogger } from '../shared/server-logger.js';
import { pinoLogger, type PinoLike } from './pino-logger.adapter.js';
import { winstonLogger, type WinstonLike } from './winston-logger.adapter.js';

/**
 * Makes the `logger` option keep error stacks whatever its library. pino and winston loggers fit the
 * `ServerLogger` shape but read `error(message, error)` their own way, so they are recognised and wrapped;
 * anything else (console, an adapter, a custom logger) is used as is.
 */
export function adaptLogger(logger: ServerLogger): ServerLogger {
  if (isPino(logger)) return pinoLogger(logger as unknown as PinoLike);
  if (isWinston(logger)) return winstonLogger(logger as unknown as WinstonLike);
  return logger;
}

function isPino(logger: object): boolean {
  const candidate = logger as { bindings?: unknown; child?: unknown; levels?: { values?: unknown } };
  return (
    typeof candidate.bindings === 'function' &&
    typeof candidate.child === 'function' &&
    typeof candidate.levels?.values === 'object'
  );
}

function isWinston(logger: object): boolean {
  const candidate = logger as { log?: unknown; transports?: unknown; format?: unknown };
  return (
    typeof candidate.log === 'function' &&
    Array.isArray(candidate.transports) &&
    candidate.format !== undefined
  );
}
