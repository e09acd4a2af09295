import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const START_TIMEOUT_MS = 20_000;

/** A server in a child process: it prints `listening <port>` once it serves. */
export class ChildServer {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    readonly exited: Promise<number | null>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Starts `script` (a path relative to this folder's parent, the compiled `reliability/dist`). */
  static async start(
    script: string,
    env: Record<string, string> = {},
    nodeFlags: string[] = [],
  ): Promise<ChildServer> {
    const path = fileURLToPath(new URL(`../${script}`, import.meta.url));
    const child = spawn(process.execPath, [...nodeFlags, path], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const stderr: string[] = [];
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 50) stderr.push(chunk.toString());
    });
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${script} did not start: ${stderr.join('')}`)),
        START_TIMEOUT_MS,
      );
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        const match = /^listening (\d+)$/.exec(line);
        if (!match) return;
        clearTimeout(timer);
        resolve(Number(match[1]));
      });
      void exited.then((code) =>
        reject(new Error(`${script} exited with ${code} before serving: ${stderr.join('')}`)),
      );
    });
    return new ChildServer(child, port, exited);
  }

  /** The process dies at once, mid-whatever it was doing. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** Asks the process to close cleanly; kills it if it does not within 5 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** Whether the process is still running. */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
}
