// A server child started the same way for every count, so two runs of the guard see the same process.
import type { ServerSpec } from '../process/server-process.js';
import { ServerProcess } from '../process/server-process.js';
import { LoadRunner } from '../load/load-runner.js';
import { workloadNamed } from '../load/named-workload.js';

/**
 * Four connections, as `instructions.js` uses: with one, each request also pays an idle turn of the event
 * loop, which moved a bare echo's count by 15% between two windows. `--single-threaded` keeps compiling and collecting on the main thread (work an operation triggers is
 * counted with it); `--predictable-gc-schedule` fixes V8's heap growing and idle-time collections, which
 * otherwise follow the clock; `--expose-gc` lets the guard start every window from a collected heap.
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

/** Runs exactly `ops` operations of the workload on the server; any wrong answer fails the guard. */
export async function runOperations(server: ServerProcess, workloadName: string, ops: number): Promise<void> {
  const workload = workloadNamed(workloadName, GUARD_CONCURRENCY, server.port);
  const runner = await LoadRunner.open(server.port, GUARD_CONCURRENCY);
  try {
    const result = await runner.run(workload, {
      durationMs: 0,
      maxOps: ops,
      minOps: ops,
      maxDurationMs: 3_600_000,
    });
    if (result.errors > 0) throw new Error(`${server.spec.name} ${workloadName}: ${result.firstError}`);
  } finally {
    runner.close();
  }
}
