/**
 * Writes a progress line to stderr. The suite stores each run's stderr next to its
 * checks.json, so these lines explain a failing scenario without a debugger.
 */
export function debugLog(message: string, detail?: unknown): void {
  const suffix = detail === undefined ? '' : ` ${JSON.stringify(detail)}`;
  process.stderr.write(`[conformance-client] ${message}${suffix}\n`);
}
