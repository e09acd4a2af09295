import { LoadRunner } from '../load/load-runner.js';
import type { SegmentLimits, SegmentResult } from '../load/load-runner.js';
import type { Workload } from '../load/workload.js';
import { busyPercent, readCoreTimes } from './core-load.reader.js';
import type { ServerProcess } from './server-process.js';

export interface Measurement extends SegmentResult {
  server: string;
  workload: string;
  repetition: number;
  /** Server CPU (user + system) per operation, µs. */
  cpuMicrosPerOp: number;
  cpuMicrosPerRequest: number;
  /** Server CPU in % of one core during the segment. */
  serverCpuPercent: number;
  /** CPU of other processes on the server's core during the segment, in %: high values mean a noisy machine. */
  foreignCpuPercent: number;
  rssBytes: number;
}

export interface WarmUpLimits {
  durationMs: number;
  /** Requests (not operations) the server should have served before measuring, so the JIT has settled. */
  minRequests: number;
  maxDurationMs: number;
}

/** Drives the workload against the server without recording anything (JIT, caches, pools). */
export async function warmUp(server: ServerProcess, workload: Workload, limits: WarmUpLimits): Promise<void> {
  const runner = await LoadRunner.open(server.port, workload.concurrency);
  try {
    const result = await runner.run(workload, {
      durationMs: limits.durationMs,
      maxOps: Number.MAX_SAFE_INTEGER,
      minOps: Math.ceil(limits.minRequests / workload.requestsPerOp),
      maxDurationMs: limits.maxDurationMs,
    });
    if (result.errors > 0)
      throw new Error(`${server.spec.name}/${workload.name} fails during warm-up: ${result.firstError}`);
  } finally {
    runner.close();
  }
}

/** One measured segment: the load, bracketed by the server child's own CPU and memory readings. */
export async function measure(
  server: ServerProcess,
  workload: Workload,
  limits: SegmentLimits,
  repetition: number,
  serverCore?: number,
): Promise<Measurement> {
  const runner = await LoadRunner.open(server.port, workload.concurrency);
  try {
    const before = await server.snapshot();
    const coreBefore = readCoreTimes(serverCore);
    const result = await runner.run(workload, limits);
    const coreAfter = readCoreTimes(serverCore);
    const after = await server.snapshot();
    const cpuMicros = after.userMicros + after.systemMicros - (before.userMicros + before.systemMicros);
    const cpuMicrosPerOp = result.ops > 0 ? cpuMicros / result.ops : NaN;
    const serverCpuPercent = (cpuMicros / 1000 / result.elapsedMs) * 100;
    return {
      ...result,
      server: server.spec.name,
      workload: workload.name,
      repetition,
      cpuMicrosPerOp,
      cpuMicrosPerRequest: cpuMicrosPerOp / workload.requestsPerOp,
      serverCpuPercent,
      foreignCpuPercent: Math.max(0, busyPercent(coreBefore, coreAfter) - serverCpuPercent),
      rssBytes: after.rssBytes,
    };
  } finally {
    runner.close();
  }
}
