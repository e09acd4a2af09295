// Instructions per operation under callgrind, several workloads in one server process: the process
// starts once (its start is most of the time under valgrind) and each workload is warmed up, then counted
// in windows of its own on the connections it warmed up; its quietest window is its count.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countedDumpsIn, eventsIn, GC_EVENT } from '../profile/callgrind-dump.reader.js';
import { startCountedServer, WorkloadClient } from './counted-server.js';

/** One workload to count on a server: warm-up, then counted operations. */
export interface CountPlan {
  workload: string;
  warmup: number;
  counted: number;
}

export interface InstructionCount {
  /** Instructions per operation, all of the process's work in the window (GC and JIT included). */
  perOp: number;
  /** Of them inside V8's collector. */
  gcPerOp: number;
}

/**
 * Windows counted per workload, back to back. V8 optimising the path again (after a deoptimisation, or
 * late in a warm-up) only ever adds to a window, and lands in one window of a run and not in another: two
 * runs of the same build read a 2025 echo at 114k and 202k instructions per op. The quietest window is the
 * path's steady cost.
 */
export const WINDOWS_PER_WORKLOAD = 3;

function callgrindControl(args: string[]): void {
  execFileSync('callgrind_control', args, { stdio: 'ignore' });
}

/** Counts each planned workload in turn, in order, on one fresh server process under callgrind. */
export async function countInstructions(
  name: string,
  script: string,
  plans: readonly CountPlan[],
  log: (line: string) => void,
): Promise<Map<string, InstructionCount>> {
  const dir = mkdtempSync(join(tmpdir(), 'elicitor-guard-'));
  const launcher = [
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no',
    '--smc-check=all-non-file',
    `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
  ];
  const server = await startCountedServer(name, script, launcher);
  const counts = new Map<string, InstructionCount>();
  try {
    let instrumented = false;
    for (const plan of plans) {
      const client = await WorkloadClient.open(server, plan.workload);
      const windows: InstructionCount[] = [];
      try {
        await client.run(plan.warmup);
        // Switched on once: a dump taken after switching it off again reads zero, and counts taken after
        // switching it on a second time come out garbled. Later warm-ups run instrumented, then are zeroed.
        if (!instrumented) callgrindControl(['--instr=on', String(server.pid)]);
        instrumented = true;
        for (let window = 0; window < WINDOWS_PER_WORKLOAD; window++) {
          callgrindControl(['--zero', String(server.pid)]);
          await client.run(plan.counted);
          callgrindControl(['--dump', String(server.pid)]);
          windows.push(windowCount(dir, plan.counted));
        }
      } finally {
        client.close();
      }
      const count = windows.reduce((fewest, window) => (window.perOp < fewest.perOp ? window : fewest));
      counts.set(plan.workload, count);
      const each = windows.map((window) => (window.perOp / 1000).toFixed(1)).join(', ');
      log(
        `${name} ${plan.workload}: ${(count.perOp / 1000).toFixed(1)} k instructions/op (windows: ${each})`,
      );
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return counts;
}

/** The instructions per operation in the dumps of one window, which are then removed. */
function windowCount(dir: string, operations: number): InstructionCount {
  const dumps = countedDumpsIn(dir);
  const events = eventsIn(dumps);
  for (const dump of dumps) rmSync(dump.file);
  return { perOp: (events.Ir ?? 0) / operations, gcPerOp: (events[GC_EVENT] ?? 0) / operations };
}
