import type { ServerLogger } from '../shared/server-logger.js';

/** The part of a pino logger Elicitor writes to. */
export interface PinoLike {
  info(message: string): void;
  warn(message: string): void;
  error(bindings: { err: unknown }, message: string): void;
  error(message: string): void;
}

/**
 * Writes Elicitor's diagnostics to pino. pino reads an error only from its first argument (`{ err }`), so
 * `logger.error(message, error)` would drop the stack; this puts the error where pino's serializer finds it.
 */
export function pinoLogger(logger: PinoLike): ServerLogger {
  return {
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
    error: (message, error) =>
      error === undefined ? logger.error(message) : logger.error({ err: error }, message),
  };
}
