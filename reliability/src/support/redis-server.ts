import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const START_TIMEOUT_MS = 10_000;

/**
 * A redis-server of its own on a loopback port, in the foreground so that it can be frozen (SIGSTOP),
 * thawed, stopped and started again. No persistence: a restart starts empty, as a crashed cache would.
 */
export class RedisServer {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private readonly dir = mkdtempSync(join(tmpdir(), 'redis-'));

  private constructor(
    readonly port: number,
    private readonly extraArgs: string[],
  ) {}

  /** Starts redis-server on `port` and waits until it answers PING. */
  static async start(port: number, extraArgs: string[] = []): Promise<RedisServer> {
    const server = new RedisServer(port, extraArgs);
    await server.restart();
    return server;
  }

  /** Whether a redis-server binary can be run here. */
  static available(): Promise<boolean> {
    return new Promise((resolve) => {
      const probe = spawn('redis-server', ['--version'], { stdio: 'ignore' });
      probe.once('error', () => resolve(false));
      probe.once('exit', (code) => resolve(code === 0));
    });
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts it again after {@link stop}. */
  async restart(): Promise<void> {
    if (await pings(this.port)) throw new Error(`another Redis already serves port ${this.port}`);
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn('redis-server', [...args, '--dir', this.dir, ...this.extraArgs], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await waitForPing(this.port, child);
  }

  /** The process stops running (SIGSTOP): connections stay open and nothing answers. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }

  /** Kills the process at once (SIGKILL), as a crash would. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGCONT');
    this.child!.kill('SIGKILL');
    await this.exited;
  }

  /** Stops the process (SIGTERM): its connections close and its data is gone. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGCONT');
    this.child!.kill('SIGTERM');
    await this.exited;
  }

  /** Deletes what it persisted (its append-only file, a snapshot) while it is stopped: it restarts empty. */
  forgetData(): void {
    if (this.running) throw new Error('stop the Redis server before it forgets its data');
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir);
  }

  /** Stops it for good and removes its folder. */
  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Whether its process runs (it may be frozen). */
  get live(): boolean {
    return this.running;
  }

  private get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }
}

/** Resolves once the server on `port` answers PING (raw RESP, so no client library is needed). */
async function waitForPing(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server on ${port} exited: ${errors.join('')}`);
    if (await pings(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on ${port} did not answer PING in ${START_TIMEOUT_MS} ms`);
}

export function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
