import { formatThrownValue } from './thrown-value.formatter.js';

/** Where the server writes its own diagnostics (never the protocol stream). */
export interface ServerLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** Writes to stderr, which stays free of protocol traffic on every transport. */
export const stderrLogger: ServerLogger = {
  info: (message) => process.stderr.write(`[elicitor] ${message}\n`),
  warn: (message) => process.stderr.write(`[elicitor] warning: ${message}\n`),
  error: (message, error) => process.stderr.write(`[elicitor] error: ${message}${errorSuffix(error)}\n`),
};

/** An Error's stack; any other thrown value as itself, safely written. */
function errorSuffix(error: unknown): string {
  if (error === undefined) return '';
  return `: ${error instanceof Error ? (error.stack ?? error.message) : formatThrownValue(error)}`;
}
