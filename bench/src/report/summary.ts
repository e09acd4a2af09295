import { median } from '../load/latency.stats.js';
import type { Measurement } from '../process/server-measurement.js';

export interface Ratio {
  against: string;
  /** This server's throughput ÷ the other's: below 1 is slower. */
  throughput: number;
  /** This server's CPU per operation ÷ the other's: above 1 costs more. */
  cpu: number;
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
  const rows: SummaryRow[] = [...groups.values()].map((group) => {
    const of = (pick: (m: Measurement) => number) => median(group.map(pick));
    const firstError = group.find((m) => m.firstError)?.firstError;
    return {
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
  });
  for (const row of rows) {
    for (const reference of references) {
      const other = rows.find(
        (candidate) => candidate.workload === row.workload && candidate.server === reference,
      );
      if (!other || other === row) continue;
      row.ratios.push({
        against: reference,
        throughput: row.opsPerSec / other.opsPerSec,
        cpu: row.cpuMicrosPerOp / other.cpuMicrosPerOp,
      });
    }
  }
  return rows;
}

/** Median requestState size per round, per server, from the flow workloads' samples. */
export function medianStateSizes(samplesByServer: Record<string, number[][]>): Record<string, number[]> {
  return Object.fromEntries(
    Object.entries(samplesByServer).map(([server, rounds]) => [server, rounds.map((sizes) => median(sizes))]),
  );
}
