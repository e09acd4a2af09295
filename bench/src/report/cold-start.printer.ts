import type { ColdStartResults } from '../suites/cold-start.suite.js';
import { fixed, megabytes, textTable, times } from './text-table.js';

/** One table: spawn → first tools/list answer per transport, era and server, with the ratio to the reference. */
export function formatColdStart(results: ColdStartResults): string {
  const headers = [
    'transport',
    'era',
    'server',
    'runs',
    'median ms',
    'min–max ms',
    `vs ${results.reference}`,
    'peak RSS MiB',
    'max MiB',
  ];
  const body = results.rows.map((row) => [
    row.transport,
    row.era,
    row.server,
    String(row.runs),
    fixed(row.medianMs),
    `${fixed(row.minMs)}–${fixed(row.maxMs)}`,
    times(row.vsReference),
    megabytes(row.medianPeakRssBytes),
    megabytes(row.maxPeakRssBytes),
  ]);
  return `Cold start: spawn → first tools/list answer (legacy: initialize first)\n${textTable(headers, body, [1, 2])}`;
}
