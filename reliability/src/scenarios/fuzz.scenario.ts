import { answersOnBothEras } from '../child/both-eras.probe.js';
import { ServerChild } from '../child/server-child.js';
import { genuineRequestState, openLegacySessions } from '../fuzz/fuzz-setup.js';
import type { FuzzTally } from '../fuzz/fuzz.tally.js';
import { HostileCaseFactory } from '../fuzz/hostile-case.factory.js';
import type { FuzzLeg, FuzzTargets } from '../fuzz/hostile-case.factory.js';
import { fuzzHttp } from '../fuzz/http.fuzzer.js';
import { SeededRandom } from '../fuzz/seeded-random.js';
import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario } from '../scenario.js';

/** Seeds and sizes: `FUZZ_SEED` replays another run; the counts are the minimums and more. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_203);
const HTTP_CASES: Record<FuzzLeg, number> = { modern: 12_000, legacy: 8_000 };
const CONCURRENCY = 16;
const TIMEOUT_MS = 10_000;
const LEGACY_SESSIONS = 8;

/**
 * Hostile bodies against the real core-app fixture over HTTP on both eras (a server child): seeded and
 * reproducible. No crash, no 5xx, nothing but JSON-RPC, no hang. stdio has its own scenario.
 */
export const fuzzScenario: ReliabilityScenario = {
  name: 'fuzz',
  async run() {
    const figures: Record<string, number | string> = { seed: SEED };
    const checks: CheckResult[] = [];

    const server = await ServerChild.start();
    let http: FuzzTally[];
    try {
      const targets: FuzzTargets = {
        genuineState: await genuineRequestState(server.url),
        sessionIds: await openLegacySessions(server.url, LEGACY_SESSIONS),
      };
      const started = Date.now();
      http = [];
      for (const [offset, leg] of (['modern', 'legacy'] as const).entries()) {
        const factory = new HostileCaseFactory(new SeededRandom(SEED + offset), leg, targets);
        const tally = await fuzzHttp({
          url: server.url,
          count: HTTP_CASES[leg],
          concurrency: CONCURRENCY,
          timeoutMs: TIMEOUT_MS,
          nextCase: () => factory.next(),
        });
        http.push(tally);
        figures[`http ${leg}: bodies`] = tally.sent;
        figures[`http ${leg}: by status`] = tally.statusLine();
        figures[`http ${leg}: by category`] = tally.categoryLine();
        tally.problems.forEach((problem, index) => (figures[`http ${leg}: problem ${index + 1}`] = problem));
      }
      figures['http: duration s'] = ((Date.now() - started) / 1000).toFixed(1);
      const alive = server.alive ? await answersOnBothEras(server.url) : { modern: false, legacy: false };
      const memory = server.alive ? await server.memory() : undefined;
      figures['http: server error log lines'] = memory?.errors ?? 'n/a';
      Object.entries(memory?.errorLines ?? {}).forEach(([line, times], index) => {
        figures[`http: logged error ${index + 1}`] = `${times} x ${line}`;
      });
      const sent = sum(http, (tally) => tally.sent);
      checks.push(check('HTTP: at least 20,000 hostile bodies over both eras', sent >= 20_000, `${sent}`));
      checks.push(
        check(
          'HTTP: 0 crashes (the server still answers a good call on 2026-07-28 and 2025-11-25)',
          !server.exitedUnexpectedly && alive.modern && alive.legacy,
          `exit=${JSON.stringify(server.exitedUnexpectedly ?? null)} modern=${alive.modern} legacy=${alive.legacy}`,
        ),
      );
      checks.push(
        zero(
          'HTTP: 0 5xx',
          sum(http, (tally) => tally.fiveXx),
        ),
      );
      checks.push(
        zero(
          'HTTP: 0 replies that are not JSON-RPC',
          sum(http, (tally) => tally.notJsonRpc),
        ),
      );
      checks.push(
        zero(
          `HTTP: 0 hangs (each request bounded by ${TIMEOUT_MS / 1000} s)`,
          sum(http, (t) => t.hangs),
        ),
      );
      checks.push(
        zero(
          'HTTP: 0 dropped connections',
          sum(http, (tally) => tally.dropped),
        ),
      );
    } finally {
      await server.stop();
    }

    return { checks, figures };
  },
};

function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}

function zero(name: string, count: number): CheckResult {
  return check(name, count === 0, `${count}`);
}
