import { median, quantile } from '../load/latency.stats.js';
import type { Measurement } from '../process/server-measurement.js';

export interface Ratio {
  against: string;
  /** This server's throughput ÷ the other's: below 1 is slower. */
  throughput: number;
  /** This server's CPU per operation ÷ the other's: above 1 costs more. */
  cpu: number;
  /**
   * The same ratio taken within each repetition (the two servers ran back to back there), over the
   * repetitions: its median and quartiles. Pairing cancels the machine's slow drifts, so with enough
   * repetitions this is the steadier figure on a shared machine.
   */
  cpuByRepetition?: Spread;
}

export interface Spread {
  median: number;
  lowQuartile: number;
  highQuartile: number;
  repetitions: number;
}

export interface SummaryRow {
  server: string;
  workload: string;
  repetitions: number;
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  cpuMicrosPerOp: number;
  cpuMicrosPerRequest: number;
  serverCpuPercent: number;
  foreignCpuPercent: number;
  generatorCpuPercent: number;
  rssBytes: number;
  errors: number;
  firstError?: string;
  ratios: Ratio[];
}

/** Medians over the repetitions of each server × workload, with ratios against the named reference servers. */
export function summarise(measurements: Measurement[], references: readonly string[]): SummaryRow[] {
  const groups = new Map<string, Measurement[]>();
  for (const measurement of measurements) {
    const key = `${measurement.workload}\u0000${measurement.server}`;
    groups.set(key, [...(groups.get(key) ?? []), measurement]);
  }
  const cpuByRepetition = new Map<SummaryRow, Map<number, number>>();
  const rows: SummaryRow[] = [...groups.values()].map((group) => {
    const of = (pick: (m: Measurement) => number) => median(group.map(pick));
    const firstError = group.find((m) => m.firstError)?.firstError;
    const row: SummaryRow = {
      server: group[0].server,
      workload: group[0].workload,
      repetitions: group.length,
      opsPerSec: of((m) => m.opsPerSec),
      p50Ms: of((m) => m.p50Ms),
      p99Ms: of((m) => m.p99Ms),
      cpuMicrosPerOp: of((m) => m.cpuMicrosPerOp),
      cpuMicrosPerRequest: of((m) => m.cpuMicrosPerRequest),
      serverCpuPercent: of((m) => m.serverCpuPercent),
      foreignCpuPercent: of((m) => m.foreignCpuPercent),
      generatorCpuPercent: of((m) => m.generatorCpuPercent),
      rssBytes: of((m) => m.rssBytes),
      errors: group.reduce((sum, m) => sum + m.errors, 0),
      ...(firstError !== undefined ? { firstError } : {}),
      ratios: [],
    };
    cpuByRepetition.set(row, new Map(group.map((m) => [m.repetition, m.cpuMicrosPerOp])));
    return row;
  });
  for (const row of rows) {
    for (const reference of references) {
      const other = rows.find(
        (candidate) => candidate.workload === row.workload && candidate.server === reference,
      );
      if (!other || other === row) continue;
      const paired = pairedRatios(cpuByRepetition.get(row)!, cpuByRepetition.get(other)!);
      row.ratios.push({
        against: reference,
        throughput: row.opsPerSec / other.opsPerSec,
        cpu: row.cpuMicrosPerOp / other.cpuMicrosPerOp,
        ...(paired ? { cpuByRepetition: paired } : {}),
      });
    }
  }
  return rows;
}

/** The ratios of two servers' values within each repetition both ran in, as a median and quartiles. */
function pairedRatios(mine: Map<number, number>, theirs: Map<number, number>): Spread | undefined {
  const ratios: number[] = [];
  for (const [repetition, value] of mine) {
    const other = theirs.get(repetition);
    if (other !== undefined && other > 0 && Number.isFinite(value)) ratios.push(value / other);
  }
  if (ratios.length === 0) return undefined;
  const sorted = Float64Array.from(ratios).sort();
  return {
    median: median(ratios),
    lowQuartile: quantile(sorted, 0.25),
    highQuartile: quantile(sorted, 0.75),
    repetitions: ratios.length,
  };
}

/** Median requestState size per round, per server, from the flow workloads' samples. */
export function medianStateSizes(samplesByServer: Record<string, number[][]>): Record<string, number[]> {
  return Object.fromEntries(
    Object.entries(samplesByServer).map(([server, rounds]) => [server, rounds.map((sizes) => median(sizes))]),
  );
}
