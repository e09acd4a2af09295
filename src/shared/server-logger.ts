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
  error: (message, error) =>
    process.stderr.write(
      `[elicitor] error: ${message}${error instanceof Error ? `: ${error.stack ?? error.message}` : ''}\n`,
    ),
};
