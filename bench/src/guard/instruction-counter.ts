// Instructions per operation under callgrind, several workloads in one server process: the process
// starts once (its start is most of the time under valgrind) and each workload is warmed up, then counted
// in a window of its own, from a collected heap.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countedDumpsIn, eventsIn, GC_EVENT } from '../profile/callgrind-dump.reader.js';
import { runOperations, startCountedServer } from './counted-server.js';

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
      await runOperations(server, plan.workload, plan.warmup);
      await server.liveHeap(false);
      // Switched on once: a dump taken after switching it off again reads zero, and counts taken after
      // switching it on a second time come out garbled. Later warm-ups run instrumented, then are zeroed.
      if (!instrumented) callgrindControl(['--instr=on', String(server.pid)]);
      instrumented = true;
      callgrindControl(['--zero', String(server.pid)]);
      await runOperations(server, plan.workload, plan.counted);
      callgrindControl(['--dump', String(server.pid)]);
      const dumps = countedDumpsIn(dir);
      const events = eventsIn(dumps);
      for (const dump of dumps) rmSync(dump.file);
      const count = {
        perOp: (events.Ir ?? 0) / plan.counted,
        gcPerOp: (events[GC_EVENT] ?? 0) / plan.counted,
      };
      counts.set(plan.workload, count);
      log(`${name} ${plan.workload}: ${(count.perOp / 1000).toFixed(1)} k instructions/op`);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return counts;
}
