import type { BenchConfig } from '../bench.config.js';
import type { CpuPlan } from '../process/cpu-affinity.js';
import type { Measurement } from '../process/server-measurement.js';
import type { BootstrapSummary } from '../suites/bootstrap.suite.js';
import type { ColdStartResults } from '../suites/cold-start.suite.js';
import type { SummaryRow } from './summary.js';

/** Everything one run produced; written as `results/latest.json`. */
export interface BenchResults {
  startedAt: string;
  durationMs: number;
  environment: {
    node: string;
    cpuModel: string;
    cores: number;
    cpus: CpuPlan;
    platform: string;
    /** 1, 5 and 15 minute load averages when the run started and ended. */
    loadAverage: { start: number[]; end: number[] };
  };
  config: BenchConfig;
  comparison: { rows: SummaryRow[]; measurements: Measurement[] };
  /** Median requestState length in bytes after round 1 and round 2 of the flow, per server. */
  requestStateBytes: Record<string, number[]>;
  scaling: { rows: SummaryRow[]; measurements: Measurement[] };
  /** Flows of several lengths on bare and Elicitor (CPU per round); absent when the run left them out. */
  flowRounds?: { rows: SummaryRow[]; measurements: Measurement[] };
  bootstrap: BootstrapSummary[];
  /** The legacy leg (2025-11-25 sessions, sdk vs elicitor); absent when the run left it out. */
  legacy?: { rows: SummaryRow[]; measurements: Measurement[] };
  /** Absent when the run left the cold-start suite out. */
  coldStart?: ColdStartResults;
}
