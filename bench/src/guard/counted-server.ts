// A server child started the same way for every count, so two runs of the guard see the same process.
import type { ServerSpec } from '../process/server-process.js';
import { ServerProcess } from '../process/server-process.js';
import { LoadRunner } from '../load/load-runner.js';
import { workloadNamed } from '../load/named-workload.js';
import type { Workload } from '../load/workload.js';

/**
 * Four connections, as `instructions.js` uses: with one, each request also pays an idle turn of the event
 * loop, which moved a bare echo's count by 15% between two windows. `--single-threaded` keeps compiling and
 * collecting on the main thread (work an operation triggers is counted with it); `--predictable-gc-schedule`
 * fixes V8's heap growing and idle-time collections, which otherwise follow the clock; `--expose-gc` lets the
 * heap counts collect before they read.
 */
export const GUARD_CONCURRENCY = 4;
export const GUARD_NODE_FLAGS = ['--single-threaded', '--predictable-gc-schedule', '--expose-gc'];

export function startCountedServer(
  name: string,
  script: string,
  launcher?: ServerSpec['launcher'],
): Promise<ServerProcess> {
  return ServerProcess.start(
    { name, script, ...(launcher ? { launcher } : {}), nodeFlags: GUARD_NODE_FLAGS, startTimeoutMs: 300_000 },
    { pinned: false },
  );
}

/**
 * One workload's client on a server: the same connections (and, for 2025 sessions, the same sessions) for
 * every batch of operations it runs. A counted window on fresh connections, or after a forced collection,
 * counts V8 compiling the server's path again: that tripled a bare echo's count (124k to 365k and 420k
 * instructions) and moved the 2025 echo's by 23% between runs.
 */
export class WorkloadClient {
  private constructor(
    private readonly server: ServerProcess,
    private readonly workload: Workload,
    private readonly runner: LoadRunner,
  ) {}

  static async open(server: ServerProcess, workloadName: string): Promise<WorkloadClient> {
    const workload = workloadNamed(workloadName, GUARD_CONCURRENCY, server.port);
    return new WorkloadClient(server, workload, await LoadRunner.open(server.port, GUARD_CONCURRENCY));
  }

  /** Runs exactly `ops` operations; any wrong answer fails the guard. */
  async run(ops: number): Promise<void> {
    const result = await this.runner.run(this.workload, {
      durationMs: 0,
      maxOps: ops,
      minOps: ops,
      maxDurationMs: 3_600_000,
    });
    if (result.errors > 0)
      throw new Error(`${this.server.spec.name} ${this.workload.name}: ${result.firstError}`);
  }

  close(): void {
    this.runner.close();
  }
}
