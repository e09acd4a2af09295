import { MemoryStateStore } from 'elicitor';
import type { ElicitorAppOptions } from 'elicitor';

/**
 * One process with the in-memory store sized for its traffic; each value shown is the default unless
 * noted. Its records live as long as a requestState does (`requestState.ttlMs`).
 */
export function singleProcessOptions(app: ElicitorAppOptions, warn = console.warn): ElicitorAppOptions {
  const store = new MemoryStateStore({
    maxBytes: 128 * 1024 * 1024, // not the default (32 MiB): room for large final results
    maxEntries: 100_000,
    sweepIntervalMs: 30_000, // expired records leave within this, whether read or not
    // Not the default (nothing): told each time a record still in its TTL had to go.
    onEvict: (key) => warn(`state store full: dropped ${key}; its call's older requestStates now expire`),
  });
  return { ...app, requestState: { ...app.requestState, ttlMs: 600_000 }, store };
}
