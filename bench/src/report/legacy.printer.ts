import type { BenchConfig } from '../bench.config.js';
import { comparisonTable, errorsOf } from './report.printer.js';
import type { SummaryRow } from './summary.js';

/** The legacy leg's tables: Elicitor against the official SDK, both on 2025-11-25 sessions. */
export function formatLegacy(rows: SummaryRow[], config: BenchConfig): string {
  const segment = `median of ${config.repetitions} interleaved runs of ${config.measureMs / 1000} s after a warm-up`;
  const workloads = [
    {
      name: 'legacy-echo',
      title: `(c) legacy echo tools/call on sessions, concurrency ${config.echoConcurrency}`,
    },
    {
      name: 'legacy-flow',
      title: `(d) legacy 2-question push flow (tools/call + 2 answers), concurrency ${config.flowConcurrency}`,
    },
  ];
  const lines: string[] = [];
  for (const workload of workloads) {
    const shown = rows.filter((row) => row.workload === workload.name);
    if (shown.length === 0) continue;
    lines.push(`${workload.title} — ${segment}`, comparisonTable(shown, ['sdk']), ...errorsOf(shown), '');
  }
  return lines.join('\n');
}
