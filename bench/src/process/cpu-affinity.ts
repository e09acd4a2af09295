import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Where processes run: the generator and the servers on different cores when `taskset` and 2+ cores exist. */
export interface CpuPlan {
  pinned: boolean;
  generatorCore?: number;
  serverCore?: number;
}

function hasTaskset(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v taskset'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function planCpus(): CpuPlan {
  if (availableParallelism() < 2 || !hasTaskset()) return { pinned: false };
  return { pinned: true, generatorCore: 0, serverCore: 1 };
}

/** Pins every thread of this process (the load generator) to one core. */
export function pinCurrentProcess(plan: CpuPlan): void {
  if (!plan.pinned) return;
  execFileSync('taskset', ['-a', '-p', '-c', String(plan.generatorCore), String(process.pid)], {
    stdio: 'ignore',
  });
}

/** The command that starts a server child, through `taskset` when pinning. */
export function serverCommand(plan: CpuPlan, nodeArgs: string[]): { command: string; args: string[] } {
  if (!plan.pinned) return { command: process.execPath, args: nodeArgs };
  return { command: 'taskset', args: ['-c', String(plan.serverCore), process.execPath, ...nodeArgs] };
}
