import type { Workload } from '../load/workload.js';
import { measure, warmUp } from '../process/server-measurement.js';
import type { Measurement, WarmUpLimits } from '../process/server-measurement.js';
import type { ServerProcess } from '../process/server-process.js';

export interface InterleavedPlan {
  servers: ServerProcess[];
  workloadNames: string[];
  /** A workload instance per server, so per-server observations (e.g. requestState sizes) stay apart. */
  workloadFor(server: ServerProcess, workloadName: string): Workload;
  repetitions: number;
  warmup: WarmUpLimits;
  measureMs: number;
  maxOpsPerSegment: number;
  /** The core the servers are pinned to, to watch for other processes on it. */
  serverCore?: number;
  log(line: string): void;
}

/**
 * For each workload: warm every server up, then measure them in rotating order repetition after repetition,
 * so slow drifts of the machine (thermal, noisy neighbours) spread over all servers instead of one.
 */
export async function runInterleaved(plan: InterleavedPlan): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const workloadName of plan.workloadNames) {
    for (const server of plan.servers)
      await warmUp(server, plan.workloadFor(server, workloadName), plan.warmup);
    for (let repetition = 0; repetition < plan.repetitions; repetition++) {
      for (let offset = 0; offset < plan.servers.length; offset++) {
        const server = plan.servers[(offset + repetition) % plan.servers.length];
        const workload = plan.workloadFor(server, workloadName);
        const limits = { durationMs: plan.measureMs, maxOps: plan.maxOpsPerSegment };
        const result = await measure(server, workload, limits, repetition, plan.serverCore);
        measurements.push(result);
        plan.log(
          `  ${workloadName} #${repetition + 1} ${server.spec.name.padEnd(14)} ${result.opsPerSec.toFixed(0).padStart(7)} ${workload.opName}/s` +
            `  cpu ${result.cpuMicrosPerOp.toFixed(0)} µs/${workload.opName}` +
            `  srv ${result.serverCpuPercent.toFixed(0)}% other ${result.foreignCpuPercent.toFixed(0)}%` +
            (result.errors ? `  ERRORS ${result.errors}: ${result.firstError}` : ''),
        );
      }
    }
  }
  return measurements;
}
