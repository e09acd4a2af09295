import { flowVariantQuestions } from '../wire/flow-variants.js';
import type { SummaryRow } from './summary.js';
import { fixed, spread, textTable, times } from './text-table.js';

/** CPU per round of flows of several lengths: how much a round costs as settled answers accumulate. */
export function formatFlowRounds(rows: SummaryRow[], concurrency: number, segment: string): string {
  const sorted = [...rows].sort(
    (a, b) =>
      (flowVariantQuestions(a.workload) ?? 0) - (flowVariantQuestions(b.workload) ?? 0) ||
      a.server.localeCompare(b.server),
  );
  const body = sorted.map((row) => {
    const questions = flowVariantQuestions(row.workload) ?? 0;
    const rounds = questions + 1;
    const bare = row.ratios.find((ratio) => ratio.against === 'bare');
    return [
      row.server,
      String(questions),
      String(rounds),
      fixed(row.opsPerSec),
      fixed(row.cpuMicrosPerOp),
      fixed(row.cpuMicrosPerOp / rounds),
      times(bare?.throughput),
      times(bare?.cpu),
      spread(bare?.cpuByRepetition),
      String(row.errors),
    ];
  });
  return [
    `(c) flows of 2, 3 and 5 questions (n + 1 POSTs), concurrency ${concurrency} — ${segment}`,
    textTable(
      [
        'server',
        'questions',
        'rounds',
        'flow/s',
        'CPU µs/flow',
        'CPU µs/round',
        'flow/s vs bare',
        'CPU vs bare',
        'CPU vs bare per rep',
        'errors',
      ],
      body,
    ),
  ].join('\n');
}
