import { openAndAbandon } from '../child/legacy-initialize.js';
import type { InitializeOutcome } from '../child/legacy-initialize.js';
import type { MemoryReport } from '../child/child-messages.js';
import { ServerChild } from '../child/server-child.js';
import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario } from '../scenario.js';

const CAP = 5_000;
/** Short for the run; long enough that no session of a wave idles out before the wave ends. */
const IDLE_MS = 20_000;
const WAVE = CAP;
const EXCESS = 1_000;
const WARM_UP = 200;
const CONCURRENCY = 32;
const MiB = 1024 * 1024;

/**
 * 10,000 legacy sessions opened and abandoned against a server child with a 5,000 cap and a 20 s idle
 * expiry: the cap refuses the excess with 503 + Retry-After, every session expires, and the heap (after
 * GC) comes back to within 10% of where it started.
 */
export const legacySessionsScenario: ReliabilityScenario = {
  name: 'legacy-sessions',
  async run() {
    const figures: Record<string, number | string> = { cap: CAP, 'idle expiry s': IDLE_MS / 1000 };
    const checks: CheckResult[] = [];
    const server = await ServerChild.start({ legacySessions: { maxSessions: CAP, idleTimeoutMs: IDLE_MS } });
    try {
      // Warm-up: the code paths of a session are loaded and compiled before the baseline is taken.
      await openAndAbandon(server.url, WARM_UP, CONCURRENCY);
      await expired(server);
      const baseline = await server.memory();
      figures['baseline heapUsed MiB'] = mib(baseline.heapUsed);
      figures['baseline rss MiB'] = mib(baseline.rss);

      let started = Date.now();
      const first = await openAndAbandon(server.url, WAVE, CONCURRENCY);
      figures['wave 1: s to open'] = seconds(started);
      const excess = await openAndAbandon(server.url, EXCESS, CONCURRENCY);
      const peak = await server.memory();
      figures['peak: open sessions'] = peak.legacySessions;
      figures['peak heapUsed MiB'] = mib(peak.heapUsed);
      figures['peak rss MiB'] = mib(peak.rss);
      figures['heap per session KiB'] = (
        (peak.heapUsed - baseline.heapUsed) /
        peak.legacySessions /
        1024
      ).toFixed(1);
      started = Date.now();
      const afterFirst = await expired(server);
      figures['wave 1: s until every session expired'] = seconds(started);

      started = Date.now();
      const second = await openAndAbandon(server.url, WAVE, CONCURRENCY);
      figures['wave 2: s to open'] = seconds(started);
      const final = await expired(server);
      figures['final heapUsed MiB'] = mib(final.heapUsed);
      figures['final rss MiB'] = mib(final.rss);
      const growth = (final.heapUsed - baseline.heapUsed) / baseline.heapUsed;
      figures['heapUsed change after expiry %'] = (growth * 100).toFixed(1);

      const opened = count(first, 200) + count(second, 200);
      figures['sessions opened and abandoned'] = opened;
      figures['excess refused'] = `${count(excess, 503)}/${EXCESS}`;
      checks.push(check('10,000 legacy sessions opened and abandoned', opened === 2 * WAVE, `${opened}`));
      checks.push(
        check(
          'the cap refuses the excess: 503 with Retry-After and JSON-RPC -32000',
          excess.every(isCapRefusal),
          `${excess.filter(isCapRefusal).length}/${EXCESS} refused; peak ${peak.legacySessions} open`,
        ),
      );
      checks.push(
        check(
          'the cap was reported in one log line',
          afterFirst.warnings.filter((line) => line.startsWith('legacy session cap reached')).length === 1,
          afterFirst.warnings
            .filter((line) => line.startsWith('legacy session cap reached'))
            .join(' | ')
            .slice(0, 200),
        ),
      );
      checks.push(check('every session expired, freeing the slots for wave 2', final.legacySessions === 0));
      checks.push(
        check(
          'heapUsed after expiry within 10% of its starting level',
          growth <= 0.1,
          `${mib(baseline.heapUsed)} -> ${mib(peak.heapUsed)} -> ${mib(final.heapUsed)} MiB`,
        ),
      );
      checks.push(check('no server errors logged', final.errors === 0, `${final.errors}`));
    } finally {
      await server.stop();
    }
    return { checks, figures };
  },
};

/** Waits until the child holds no session (each sweep runs every IDLE/4), then reports its heap. */
async function expired(server: ServerChild): Promise<MemoryReport> {
  const deadline = Date.now() + IDLE_MS * 3;
  for (;;) {
    const report = await server.memory();
    if (report.legacySessions === 0 || Date.now() > deadline) return report;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function isCapRefusal(outcome: InitializeOutcome): boolean {
  return (
    outcome.status === 503 &&
    Number(outcome.retryAfter) >= 1 &&
    outcome.text.includes('"code":-32000') &&
    outcome.sessionId === undefined
  );
}

const count = (outcomes: InitializeOutcome[], status: number) =>
  outcomes.filter((o) => o.status === status).length;
const mib = (bytes: number) => (bytes / MiB).toFixed(1);
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
