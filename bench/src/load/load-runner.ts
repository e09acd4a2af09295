import { performance } from 'node:perf_hooks';
import { HttpConnection } from './http-connection.js';
import { quantile } from './latency.stats.js';
import type { Workload } from './workload.js';

const MAX_ERRORS = 200;

export interface SegmentLimits {
  durationMs: number;
  /** A hard bound on operations, whatever the duration. */
  maxOps: number;
  /** Keep going past `durationMs` until this many operations are done (warm-up: enough calls for the JIT)... */
  minOps?: number;
  /** ...but never past this. */
  maxDurationMs?: number;
}

export interface SegmentResult {
  ops: number;
  errors: number;
  firstError?: string;
  elapsedMs: number;
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU the generator itself used, in % of one core: near 100 means the generator, not the server, limits throughput. */
  generatorCpuPercent: number;
}

/** A pool of keep-alive connections (one per virtual user) that drives one workload for a bounded time. */
export class LoadRunner {
  private constructor(
    private readonly port: number,
    private readonly connections: HttpConnection[],
  ) {}

  static async open(port: number, concurrency: number): Promise<LoadRunner> {
    const connections = await Promise.all(
      Array.from({ length: concurrency }, () => HttpConnection.open(port)),
    );
    return new LoadRunner(port, connections);
  }

  async run(workload: Workload, limits: SegmentLimits): Promise<SegmentResult> {
    let id = 0;
    const nextId = () => ++id;
    const latenciesMs: number[] = [];
    let errors = 0;
    let firstError: string | undefined;
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    const deadline = start + limits.durationMs;
    const hardDeadline = start + Math.max(limits.durationMs, limits.maxDurationMs ?? 0);
    const minOps = limits.minOps ?? 0;
    const keepGoing = () => {
      const now = performance.now();
      const done = latenciesMs.length + errors;
      if (done >= limits.maxOps || errors >= MAX_ERRORS || now >= hardDeadline) return false;
      return now < deadline || done < minOps;
    };
    await Promise.all(
      this.connections.map(async (_, index) => {
        while (keepGoing()) {
          if (!this.connections[index].usable) this.connections[index] = await HttpConnection.open(this.port);
          const began = performance.now();
          try {
            await workload.runOnce(this.connections[index], nextId);
            latenciesMs.push(performance.now() - began);
          } catch (error) {
            errors++;
            firstError ??= error instanceof Error ? error.message : String(error);
          }
        }
      }),
    );
    const elapsedMs = performance.now() - start;
    const cpu = process.cpuUsage(cpuBefore);
    const sorted = Float64Array.from(latenciesMs).sort();
    return {
      ops: sorted.length,
      errors,
      ...(firstError !== undefined ? { firstError } : {}),
      elapsedMs,
      opsPerSec: (sorted.length / elapsedMs) * 1000,
      p50Ms: quantile(sorted, 0.5),
      p99Ms: quantile(sorted, 0.99),
      generatorCpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
    };
  }

  close(): void {
    for (const connection of this.connections) connection.close();
  }
}
