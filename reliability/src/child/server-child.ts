import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildReport, MemoryReport } from './child-messages.js';

const SCRIPT = fileURLToPath(new URL('./core-app.server.js', import.meta.url));
const START_TIMEOUT_MS = 30_000;

/** A real Elicitor server in a child process (the core-app fixture over HTTP), watched for crashes. */
export class ServerChild {
  /** Set when the child exited without being asked to: a crash. */
  exitedUnexpectedly: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private stopping = false;
  private nextId = 0;
  private readonly pending = new Map<number, (report: MemoryReport) => void>();

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on('message', (message: ChildReport) => {
      if (message.type !== 'memory') return;
      this.pending.get(message.id)?.(message.report);
      this.pending.delete(message.id);
    });
    child.on('exit', (code, signal) => {
      if (!this.stopping) this.exitedUnexpectedly = { code, signal };
    });
  }

  /** Starts the child with these `listen({ http })` options; `--expose-gc` so memory is measured after GC. */
  static async start(http: Record<string, unknown> = {}): Promise<ServerChild> {
    const child = fork(SCRIPT, [JSON.stringify(http)], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('server child did not start in time')),
        START_TIMEOUT_MS,
      );
      child.once('exit', (code) => reject(new Error(`server child exited early with code ${code}`)));
      child.on('message', (message: ChildReport) => {
        if (message.type === 'failed') reject(new Error(`server child failed: ${message.message}`));
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        resolve(message.url);
      });
    });
    child.removeAllListeners('exit');
    return new ServerChild(child, url);
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  memory(): Promise<MemoryReport> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.child.send({ type: 'memory', id });
    });
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    this.stopping = true;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ type: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
