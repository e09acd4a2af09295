import type { BenchResults } from './bench-results.js';
import { formatColdStart } from './cold-start.printer.js';
import { formatFlowRounds } from './flow-rounds.printer.js';
import type { Ratio, SummaryRow } from './summary.js';
import { fixed, megabytes, spread, textTable, times } from './text-table.js';

/** Median share of the server core taken by other processes above which req/s and latency are not trustworthy. */
const NOISY_PERCENT = 15;

const OP_NAMES: Record<string, string> = {
  echo: 'req',
  flow: 'flow',
  'legacy-echo': 'req',
  'legacy-flow': 'flow',
};

function ratioAgainst(row: SummaryRow, against: string): Ratio | undefined {
  return row.ratios.find((entry) => entry.against === against);
}

function ratio(row: SummaryRow, against: string, pick: 'throughput' | 'cpu'): string {
  return times(ratioAgainst(row, against)?.[pick]);
}

export function comparisonTable(rows: SummaryRow[], references: string[]): string {
  const op = OP_NAMES[rows[0].workload] ?? 'op';
  const headers = [
    'server',
    `${op}/s`,
    'p50 ms',
    'p99 ms',
    `CPU µs/${op}`,
    'srv CPU%',
    'other%',
    'gen CPU%',
    'RSS MB',
    ...references.map((reference) => `${op}/s vs ${reference}`),
    ...references.map((reference) => `CPU vs ${reference}`),
    ...references.map((reference) => `CPU vs ${reference} per rep`),
    'errors',
  ];
  const body = rows.map((row) => [
    row.server,
    fixed(row.opsPerSec),
    fixed(row.p50Ms, 2),
    fixed(row.p99Ms, 2),
    fixed(row.cpuMicrosPerOp),
    fixed(row.serverCpuPercent),
    fixed(row.foreignCpuPercent),
    fixed(row.generatorCpuPercent),
    megabytes(row.rssBytes),
    ...references.map((reference) => ratio(row, reference, 'throughput')),
    ...references.map((reference) => ratio(row, reference, 'cpu')),
    ...references.map((reference) => spread(ratioAgainst(row, reference)?.cpuByRepetition)),
    String(row.errors),
  ]);
  return textTable(headers, body);
}

export function errorsOf(rows: SummaryRow[]): string[] {
  return rows
    .filter((row) => row.firstError)
    .map((row) => `  ! ${row.server}/${row.workload}: ${row.firstError}`);
}

/** The human-readable report of a run. */
export function formatReport(results: BenchResults): string {
  const { config, environment } = results;
  const segment =
    `median of ${config.repetitions} interleaved runs of ${config.measureMs / 1000} s, after a warm-up of ` +
    `≥ ${config.warmupMs / 1000} s and ≥ ${fixed(config.warmupMinRequests)} requests (≤ ${config.warmupMaxMs / 1000} s)`;
  const pinning = environment.cpus.pinned
    ? `server on core ${environment.cpus.serverCore}, generator on core ${environment.cpus.generatorCore} (taskset)`
    : 'not pinned (no taskset or a single core)';
  // The bench itself keeps ~2 processes runnable, so the load average alone says little; other% is measured.
  const noisiest = Math.max(
    ...[...results.comparison.rows, ...results.scaling.rows].map((row) => row.foreignCpuPercent),
  );
  const busy = noisiest > NOISY_PERCENT;
  const lines: string[] = [
    `Elicitor bench — ${results.startedAt} — node ${environment.node}, ${environment.cores}× ${environment.cpuModel}`,
    `CPU placement: ${pinning}. Loopback HTTP/1.1 keep-alive, one connection per concurrent client.`,
    `Load average (1 min) at start ${fixed(environment.loadAverage.start[0], 1)}, at end ${fixed(environment.loadAverage.end[0], 1)}` +
      (busy
        ? ` — WARNING: other work competed for the ${environment.cores} cores; trust CPU µs/op over req/s`
        : ''),
    '',
  ];
  const workloads = [
    { name: 'echo', title: `(a) echo tools/call, concurrency ${config.echoConcurrency}` },
    { name: 'flow', title: `(b) 3-round elicitation flow (3 POSTs), concurrency ${config.flowConcurrency}` },
  ];
  for (const workload of workloads) {
    const rows = results.comparison.rows.filter((row) => row.workload === workload.name);
    if (rows.length === 0) continue;
    lines.push(
      `${workload.title} — ${segment}`,
      comparisonTable(rows, ['bare', 'sdk']),
      ...errorsOf(rows),
      '',
    );
  }
  const rounds = results.flowRounds?.rows ?? [];
  if (rounds.length > 0)
    lines.push(formatFlowRounds(rounds, config.flowConcurrency, segment), ...errorsOf(rounds), '');
  const sizes = Object.entries(results.requestStateBytes)
    .map(
      ([server, rounds]) =>
        `${server} ${rounds.map((size, round) => `r${round + 1} ${fixed(size)} B`).join(', ')}`,
    )
    .join(' | ');
  if (sizes) lines.push(`requestState size (median, bytes, after round 1 / round 2): ${sizes}`, '');
  if (results.scaling.rows.length > 0) {
    const reference = results.scaling.rows[0].server;
    lines.push(
      `Per-request cost vs catalogue size: Elicitor echo at concurrency ${config.echoConcurrency} — ${segment}`,
      comparisonTable(results.scaling.rows, [reference]),
      ...errorsOf(results.scaling.rows),
      '',
    );
  }
  if (results.coldStart) lines.push(formatColdStart(results.coldStart), '');
  for (const bootstrap of results.bootstrap) {
    lines.push(
      `Bootstrap, ${fixed(bootstrap.tools)} tools (median of ${bootstrap.runs.length} fresh processes): ` +
        `decorating ${fixed(bootstrap.medianDecorateMs, 1)} ms, Elicitor.create ${fixed(bootstrap.medianCreateMs, 1)} ms, ` +
        `RSS after ${megabytes(bootstrap.medianRssBytes)} MB`,
    );
  }
  return lines.join('\n');
}
