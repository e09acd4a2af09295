import type { ServerLogger } from '../shared/server-logger.js';

/** The part of a winston logger Elicitor writes to. */
export interface WinstonLike {
  log(entry: { level: string; message: string; [field: string]: unknown }): unknown;
}

/**
 * Writes Elicitor's diagnostics to winston. An error's message and stack become fields of the entry, so
 * every format (json included) keeps them without `format.errors()`.
 */
export function winstonLogger(logger: WinstonLike): ServerLogger {
  return {
    info: (message) => void logger.log({ level: 'info', message }),
    warn: (message) => void logger.log({ level: 'warn', message }),
    error: (message, error) => void logger.log({ level: 'error', message, ...errorFields(error) }),
  };
}

function errorFields(error: unknown): Record<string, unknown> {
  if (error === undefined) return {};
  if (error instanceof Error) return { error: `${error.name}: ${error.message}`, stack: error.stack };
  return { error };
}
