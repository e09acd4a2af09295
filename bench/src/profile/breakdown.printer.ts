import { fixed, textTable } from '../report/text-table.js';
import { JIT_CODE_KB, JIT_FUNCTIONS, type WorkBreakdown } from './callgrind-breakdown.js';

interface Measure {
  readonly title: string;
  readonly events: readonly string[];
  readonly unit: number;
}

const INSTRUCTIONS: Measure = { title: 'k instructions per operation', events: ['Ir'], unit: 1000 };
const JIT_CODE: Measure = {
  title: 'KB of JIT code run per operation (the functions entered at least once per operation)',
  events: [JIT_CODE_KB],
  unit: 1,
};
const JIT_FUNCTION_COUNT: Measure = {
  title: 'JavaScript functions entered at least once per operation',
  events: [JIT_FUNCTIONS],
  unit: 1,
};
const CACHE_MEASURES: readonly Measure[] = [
  { title: 'L1 misses per operation (instruction + data)', events: ['I1mr', 'D1mr', 'D1mw'], unit: 1 },
  { title: 'mispredicted branches per operation', events: ['Bcm', 'Bim'], unit: 1 },
];

function sum(counts: Record<string, number> | undefined, events: readonly string[]): number {
  return events.reduce((total, event) => total + (counts?.[event] ?? 0), 0);
}

const signed = (value: number, digits: number): string => (value >= 0 ? '+' : '') + fixed(value, digits);

/**
 * One table per workload and measure: each kind of work per operation on every server, and what each
 * server spends on it beyond the first, largest difference first.
 */
export function printBreakdowns(
  breakdowns: ReadonlyMap<string, ReadonlyMap<string, WorkBreakdown>>,
  servers: readonly string[],
  workloads: readonly string[],
  cacheSim: boolean,
): string {
  const code = [JIT_CODE, JIT_FUNCTION_COUNT];
  const measures = cacheSim ? [INSTRUCTIONS, ...code, ...CACHE_MEASURES] : [INSTRUCTIONS, ...code];
  const [reference, ...others] = servers;
  const sections: string[] = [];
  for (const workload of workloads) {
    const byServer = servers.map((server) => breakdowns.get(server)?.get(workload) ?? new Map());
    const kinds = [...new Set(byServer.flatMap((breakdown) => [...breakdown.keys()]))];
    for (const measure of measures) {
      const digits = measure.unit === 1 ? 0 : 1;
      const value = (index: number, kind: string) =>
        sum(byServer[index]!.get(kind), measure.events) / measure.unit;
      const last = servers.length - 1;
      const shown = kinds.filter((kind) => servers.some((_, index) => value(index, kind) !== 0));
      const ordered = shown.sort((a, b) => value(last, b) - value(0, b) - (value(last, a) - value(0, a)));
      const rows = ordered.map((kind) => [
        kind,
        ...servers.map((_, index) => fixed(value(index, kind), digits)),
        ...others.map((_, index) => signed(value(index + 1, kind) - value(0, kind), digits)),
      ]);
      const total = (index: number) => kinds.reduce((all, kind) => all + value(index, kind), 0);
      rows.push([
        'total',
        ...servers.map((_, index) => fixed(total(index), digits)),
        ...others.map((_, index) => signed(total(index + 1) - total(0), digits)),
      ]);
      const headers = ['kind of work', ...servers, ...others.map((server) => `${server} − ${reference}`)];
      sections.push(`${workload}: ${measure.title}\n${textTable(headers, rows)}`);
    }
  }
  return `${sections.join('\n\n')}\n(self cost of each function, by kind: bench/src/profile/work-kinds.ts; JIT code named through V8's perf map)\n`;
}
