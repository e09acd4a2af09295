// Spawn → first tools/list answer for every contender, transport and era, interleaved, in fresh processes.
import { median } from '../load/latency.stats.js';
import type { ColdContender, ColdStartRun, Transport } from '../cold/cold-start.probe.js';
import { probeColdStart } from '../cold/cold-start.probe.js';
import type { Era } from '../cold/json-rpc.exchange.js';

export interface ColdStartRow {
  server: string;
  transport: Transport;
  era: Era;
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  medianPeakRssBytes: number;
  maxPeakRssBytes: number;
  /** Median time over the reference server's median time in the same run. */
  vsReference?: number;
}

export interface ColdStartResults {
  reference: string;
  rows: ColdStartRow[];
  runs: ColdStartRun[];
}

export interface ColdStartPlan {
  contenders: ColdContender[];
  repetitions: number;
  /** The server the ratios are taken against. */
  reference: string;
  transports?: Transport[];
  eras?: Era[];
  log: (line: string) => void;
}

function summarise(runs: ColdStartRun[], reference: string): ColdStartRow[] {
  const groups = new Map<string, ColdStartRun[]>();
  for (const run of runs) {
    const key = `${run.transport}\u0000${run.era}\u0000${run.server}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const rows = [...groups.values()].map((group): ColdStartRow => {
    const times = group.map((run) => run.ms);
    const rss = group.map((run) => run.peakRssBytes);
    return {
      server: group[0].server,
      transport: group[0].transport,
      era: group[0].era,
      runs: group.length,
      medianMs: median(times),
      minMs: Math.min(...times),
      maxMs: Math.max(...times),
      medianPeakRssBytes: median(rss),
      maxPeakRssBytes: Math.max(...rss),
    };
  });
  for (const row of rows) {
    const base = rows.find(
      (other) => other.server === reference && other.transport === row.transport && other.era === row.era,
    );
    if (base) row.vsReference = row.medianMs / base.medianMs;
  }
  return rows;
}

/**
 * Every repetition starts each contender once per transport and era, rotating the order so drifts of a
 * shared machine spread over all of them; one unmeasured pass first warms the file cache.
 */
export async function measureColdStart(plan: ColdStartPlan): Promise<ColdStartResults> {
  const transports = plan.transports ?? ['stdio', 'http'];
  const eras = plan.eras ?? ['modern', 'legacy'];
  const runs: ColdStartRun[] = [];
  for (let repetition = -1; repetition < plan.repetitions; repetition++) {
    const shift = Math.max(0, repetition) % plan.contenders.length;
    const order = [...plan.contenders.slice(shift), ...plan.contenders.slice(0, shift)];
    for (const transport of transports) {
      for (const era of eras) {
        for (const contender of order) {
          const run = await probeColdStart(contender, transport, era);
          if (repetition >= 0) runs.push(run);
        }
      }
    }
    if (repetition >= 0) plan.log(`cold start: repetition ${repetition + 1}/${plan.repetitions} done`);
  }
  return { reference: plan.reference, rows: summarise(runs, plan.reference), runs };
}
