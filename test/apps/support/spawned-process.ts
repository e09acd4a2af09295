import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/** How to start a long-running process and know it is ready. */
export interface SpawnOptions {
  /** What the process is, for error messages. */
  what: string;
  command: string;
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** Matched against stdout and stderr; the process is ready once it prints a match. */
  readyWhen: RegExp;
  timeoutMs: number;
}

/** The last characters of a process's output kept for an error message. */
const OUTPUT_KEPT = 4000;

// A group of its own does not hear the signal that ends the test run: whatever is left goes on exit.
const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) signalGroup(pid, 'SIGKILL');
});

/**
 * A process started in a process group of its own, so that stopping it also stops whatever it started
 * (a shell script that runs Node, a server that runs helpers), and stopping it never waits forever.
 */
export class SpawnedProcess {
  private output = '';
  private exited = false;

  private constructor(
    private readonly options: SpawnOptions,
    private readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-OUTPUT_KEPT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', () => {
      this.exited = true;
    });
  }

  /** Starts the process and resolves with the first match of `readyWhen`; on failure it is already stopped. */
  static async start(options: SpawnOptions): Promise<{ process: SpawnedProcess; ready: RegExpMatchArray }> {
    const child = spawn(options.command, [...options.args], {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const spawned = new SpawnedProcess(options, child);
    if (child.pid !== undefined) running.add(child.pid);
    try {
      return { process: spawned, ready: await spawned.ready() };
    } catch (error) {
      await spawned.stop();
      throw error;
    }
  }

  /** What the process printed last, for a failure's message. */
  get recentOutput(): string {
    return this.output;
  }

  private ready(): Promise<RegExpMatchArray> {
    const { what, readyWhen, timeoutMs } = this.options;
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = this.output.match(readyWhen);
        if (match) finish(() => resolve(match));
      };
      const failed = (reason: string) =>
        finish(() => reject(new Error(`${what} ${reason}; its output:\n${this.output}`)));
      const onExit = (code: number | null) => failed(`exited (${code}) before it was ready`);
      const onError = (error: Error) => failed(`could not start: ${error.message}`);
      const timer = setTimeout(() => failed(`was not ready within ${timeoutMs} ms`), timeoutMs);
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.child.stdout?.off('data', check);
        this.child.stderr?.off('data', check);
        this.child.off('exit', onExit);
        this.child.off('error', onError);
        settle();
      };
      this.child.stdout?.on('data', check);
      this.child.stderr?.on('data', check);
      this.child.once('exit', onExit);
      this.child.once('error', onError);
      check();
    });
  }

  /** SIGTERM to the whole group, SIGKILL if it is still there after a few seconds. */
  async stop(): Promise<void> {
    const pid = this.child.pid;
    if (pid === undefined) return;
    running.delete(pid);
    if (this.exited) return signalGroup(pid, 'SIGKILL');
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    signalGroup(pid, 'SIGTERM');
    const killed = setTimeout(() => signalGroup(pid, 'SIGKILL'), 5000);
    await gone;
    clearTimeout(killed);
    // Whatever the group's leader left behind goes too.
    signalGroup(pid, 'SIGKILL');
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
