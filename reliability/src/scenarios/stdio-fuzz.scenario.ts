import { fileURLToPath } from 'node:url';
import { HostileCaseFactory } from '../fuzz/hostile-case.factory.js';
import type { FuzzLeg } from '../fuzz/hostile-case.factory.js';
import { NOT_A_REQUEST_FIRST_LINES } from '../fuzz/hostile-values.js';
import { SeededRandom } from '../fuzz/seeded-random.js';
import { fuzzFirstLines, fuzzStdio } from '../fuzz/stdio.fuzzer.js';
import type { StdioFuzzResult } from '../fuzz/stdio.fuzzer.js';
import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario } from '../scenario.js';

const STDIO_SERVER = fileURLToPath(new URL('../../../test/fixtures/core-app/dist/main.js', import.meta.url));
/** `FUZZ_SEED` replays another run, as for the HTTP fuzz. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_203);
const STDIO_CASES: Record<FuzzLeg, number> = { modern: 1_200, legacy: 1_000 };
const TIMEOUT_MS = 10_000;

/**
 * Hostile lines against the core-app fixture over stdio, one process per era, then one process per hostile
 * first line (the line that picks the era). No crash, nothing but JSON-RPC on stdout, no hang, and every
 * line that is not JSON or not an object answered with an error under a null id.
 */
export const stdioFuzzScenario: ReliabilityScenario = {
  name: 'stdio-fuzz',
  async run() {
    const figures: Record<string, number | string> = { seed: SEED };
    const checks: CheckResult[] = [];
    const started = Date.now();
    const runs: StdioFuzzResult[] = [];
    for (const [offset, leg] of (['modern', 'legacy'] as const).entries()) {
      const factory = new HostileCaseFactory(new SeededRandom(SEED + 10 + offset), leg, {
        genuineState: 'v1.not-a-real-state',
        sessionIds: ['stdio'],
      });
      const result = await fuzzStdio({
        script: STDIO_SERVER,
        leg,
        count: STDIO_CASES[leg],
        timeoutMs: TIMEOUT_MS,
        nextCase: () => factory.next(),
      });
      runs.push(result);
      figures[`${leg}: lines`] = result.tally.sent;
      figures[`${leg}: by category`] = result.tally.categoryLine();
      figures[`${leg}: replies by code`] = result.tally.replyLine();
      result.tally.problems.forEach((problem, index) => (figures[`${leg}: problem ${index + 1}`] = problem));
    }
    const firstLines = await fuzzFirstLines(STDIO_SERVER, NOT_A_REQUEST_FIRST_LINES, TIMEOUT_MS);
    figures['first lines: connections'] = firstLines.tally.sent;
    figures['first lines: replies by code'] = firstLines.tally.replyLine();
    firstLines.tally.problems.forEach(
      (problem, index) => (figures[`first lines: problem ${index + 1}`] = problem),
    );
    figures['duration s'] = ((Date.now() - started) / 1000).toFixed(1);

    const tallies = [...runs.map((run) => run.tally), firstLines.tally];
    const lines = sum(runs, (run) => run.tally.sent);
    checks.push(check('at least 2,000 hostile lines over both eras', lines >= 2_000, `${lines}`));
    const crashes =
      runs.filter((run) => run.crashed || !run.answeredAfterwards || run.exitCode !== 0).length +
      firstLines.crashes;
    checks.push(
      check(
        '0 crashes (each process answers a good call afterwards and exits cleanly)',
        crashes === 0,
        runs
          .map((run) => `crashed=${run.crashed} answered=${run.answeredAfterwards} exit=${run.exitCode}`)
          .concat(`first-line crashes=${firstLines.crashes}`)
          .join('; '),
      ),
    );
    checks.push(
      zero(
        '0 lines that are not JSON-RPC',
        sum(tallies, (tally) => tally.notJsonRpc),
      ),
    );
    checks.push(
      zero(
        '0 hangs (every request of ours answered)',
        sum(tallies, (tally) => tally.hangs),
      ),
    );
    checks.push(
      zero(
        '0 silent lines (no JSON: -32700, no object: -32600, null id)',
        sum(tallies, (tally) => tally.unanswered),
      ),
    );
    checks.push(
      zero('0 first lines that pick an era (the real opening gets a result)', firstLines.tally.dropped),
    );
    return { checks, figures };
  },
};

function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}

function zero(name: string, count: number): CheckResult {
  return check(name, count === 0, `${count}`);
}
