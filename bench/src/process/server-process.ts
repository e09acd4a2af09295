import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ChildMessage, LiveHeap, ParentMessage, ResourceSnapshot } from './child-messages.js';
import { serverCommand } from './cpu-affinity.js';
import type { CpuPlan } from './cpu-affinity.js';

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ServerSpec {
  /** Label in the report, e.g. `elicitor`. */
  name: string;
  /** The compiled child script. */
  script: string;
  args?: string[];
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  /** A command that runs node, e.g. `valgrind --tool=callgrind`; the server is then not pinned. */
  launcher?: string[];
  /** How long the child may take to say it is ready (default 30 s). */
  startTimeoutMs?: number;
  /** Hands each line the child writes to stdout (e.g. V8's GC trace) here rather than to the bench's stdout. */
  onStdoutLine?: (line: string) => void;
}

/** One server under test, running in its own (pinned) child process and reporting its own CPU over IPC. */
export class ServerProcess {
  private nextSnapshotId = 0;
  private readonly pending = new Map<number, (snapshot: ResourceSnapshot) => void>();
  private readonly pendingHeaps = new Map<number, (heap: LiveHeap) => void>();

  private constructor(
    readonly spec: ServerSpec,
    private readonly child: ChildProcess,
    readonly port: number,
    readonly facts: Record<string, number>,
  ) {
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'heap') {
        this.pendingHeaps.get(message.id)?.(message.heap);
        this.pendingHeaps.delete(message.id);
      }
      if (message.type !== 'snapshot') return;
      this.pending.get(message.id)?.(message.snapshot);
      this.pending.delete(message.id);
    });
  }

  static async start(spec: ServerSpec, plan: CpuPlan): Promise<ServerProcess> {
    const nodeArgs = [...(spec.nodeFlags ?? []), spec.script, ...(spec.args ?? [])];
    const { command, args } = spec.launcher
      ? { command: spec.launcher[0]!, args: [...spec.launcher.slice(1), process.execPath, ...nodeArgs] }
      : serverCommand(plan, nodeArgs);
    const child = spawn(command, args, {
      stdio: ['ignore', spec.onStdoutLine ? 'pipe' : 'inherit', 'inherit', 'ipc'],
    });
    if (spec.onStdoutLine) createInterface({ input: child.stdout! }).on('line', spec.onStdoutLine);
    const ready = await new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${spec.name} did not start in time`)),
        spec.startTimeoutMs ?? START_TIMEOUT_MS,
      );
      child.once('exit', (code) => reject(new Error(`${spec.name} exited early with code ${code}`)));
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'failed') reject(new Error(`${spec.name} failed to start: ${message.message}`));
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        resolve(message);
      });
    });
    child.removeAllListeners('exit');
    return new ServerProcess(spec, child, ready.port, ready.facts);
  }

  get pid(): number {
    return this.child.pid!;
  }

  snapshot(): Promise<ResourceSnapshot> {
    const id = this.nextSnapshotId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.send({ type: 'snapshot', id });
    });
  }

  /** The child's live heap after a full collection; it must run with `--expose-gc`. */
  liveHeap(countObjects: boolean): Promise<LiveHeap> {
    const id = this.nextSnapshotId++;
    return new Promise((resolve) => {
      this.pendingHeaps.set(id, resolve);
      this.send({ type: 'heap', id, countObjects });
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send({ type: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  private send(message: ParentMessage): void {
    this.child.send(message);
  }
}
