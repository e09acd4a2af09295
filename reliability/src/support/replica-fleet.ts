import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const START_TIMEOUT_MS = 30_000;
/** From `reliability/src/support` (ts-jest) or `reliability/dist/support` (tsc): the repository root. */
const ROOT = new URL('../../../', import.meta.url);
/** The fleet fixture's replica (`Elicitor.create` with `RedisStateStore` and `RedisFleet`) and proxy. */
export const FLEET_REPLICA = fileURLToPath(new URL('test/fixtures/fleet-replica/dist/main.js', ROOT));
const FLEET_PROXY = fileURLToPath(new URL('test/fixtures/fleet-replica/dist/proxy.js', ROOT));
/** The seed-tour sample, which takes its Redis store and fleet from SEED_TOUR_REDIS_URL. */
export const SEED_TOUR_REPLICA = fileURLToPath(new URL('samples/seed-tour/dist/main.js', ROOT));

/** One process of the fleet, serving HTTP on loopback. */
export interface FleetProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly origin: string;
  readonly pid: number;
}

export interface ReplicaFleetOptions {
  replicas: number;
  /** The replica script: FLEET_REPLICA by default. */
  script?: string;
  /** Added to each replica's environment (REDIS_URL, FLEET_PREFIX...). */
  env: Record<string, string>;
}

/**
 * N replica processes sharing one Redis, behind a per-request round-robin proxy process: the topology
 * of a deployment without sticky sessions. `url` is the proxy's MCP endpoint.
 */
export class ReplicaFleet {
  private proxyCommands = Promise.resolve();

  private constructor(
    private readonly options: ReplicaFleetOptions,
    readonly replicas: FleetProcess[],
    private readonly proxy: FleetProcess,
  ) {}

  get url(): string {
    return `${this.proxy.origin}/mcp`;
  }

  static async start(options: ReplicaFleetOptions): Promise<ReplicaFleet> {
    const replicas = await Promise.all(
      Array.from({ length: options.replicas }, () =>
        startProcess(options.script ?? FLEET_REPLICA, [], options.env),
      ),
    );
    const proxy = await startProcess(
      FLEET_PROXY,
      replicas.map((replica) => replica.origin),
      {},
    );
    return new ReplicaFleet(options, replicas, proxy);
  }

  /** Starts one more replica, not yet behind the proxy (a spare, to join after a kill). */
  startSpare(): Promise<FleetProcess> {
    return startProcess(this.options.script ?? FLEET_REPLICA, [], this.options.env);
  }

  /** Puts a started replica behind the proxy. */
  async join(replica: FleetProcess): Promise<void> {
    this.replicas.push(replica);
    await this.tellProxy(`add ${replica.origin}`);
  }

  /** Whether `pid` is one of the live replicas behind the proxy. */
  holds(pid: number): boolean {
    return this.replicas.some((replica) => replica.pid === pid);
  }

  /** SIGKILL: the replica dies at once, mid-whatever it was doing; the proxy stops sending it requests. */
  async kill(pid: number): Promise<FleetProcess> {
    const index = this.replicas.findIndex((replica) => replica.pid === pid);
    if (index < 0) throw new Error(`no live replica with pid ${pid} in the fleet`);
    const [replica] = this.replicas.splice(index, 1);
    await stopProcess(replica!, 'SIGKILL');
    await this.tellProxy(`remove ${replica!.origin}`);
    return replica!;
  }

  async stop(): Promise<void> {
    this.proxy.child.stdin!.end();
    await Promise.all([...this.replicas, this.proxy].map((one) => stopProcess(one, 'SIGTERM')));
  }

  /** One command at a time, so that each waits for its own answer. */
  private tellProxy(line: string): Promise<void> {
    this.proxyCommands = this.proxyCommands.then(async () => {
      const answered = nextLine(this.proxy.child, /^targets \d+$/);
      this.proxy.child.stdin!.write(`${line}\n`);
      await answered;
    });
    return this.proxyCommands;
  }
}

/** Spawns `node script ...args` and waits for its `listening <port>` (or `listening on <url>`) line. */
async function startProcess(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<FleetProcess> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stdout!.resume();
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < 50) stderr.push(chunk.toString());
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  try {
    const line = await Promise.race([
      nextLine(child, /listening (?:on http:\/\/127\.0\.0\.1:)?\d+/),
      new Promise<never>((_, reject) =>
        child.once('exit', (code, signal) =>
          reject(new Error(`${script} exited (${code ?? signal}) before serving: ${stderr.join('')}`)),
        ),
      ),
    ]);
    const port = Number(/(\d+)(?:\/\S*)?\s*$/.exec(line)![1]);
    return { child, port, origin: `http://127.0.0.1:${port}`, pid: child.pid! };
  } finally {
    clearTimeout(timer);
  }
}

/** The next line matching `pattern` on the child's stdout or stderr (both keep flowing meanwhile). */
function nextLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  const inputs = [child.stdout!, child.stderr!];
  return new Promise((resolve) => {
    const partial = inputs.map(() => '');
    const listeners = inputs.map((input, index) => {
      const listener = (chunk: Buffer) => {
        const lines = (partial[index] + chunk.toString()).split('\n');
        partial[index] = lines.pop()!;
        const found = lines.find((line) => pattern.test(line));
        if (found === undefined) return;
        inputs.forEach((each, at) => each.off('data', listeners[at]!));
        resolve(found);
      };
      input.on('data', listener);
      return listener;
    });
  });
}

async function stopProcess(one: FleetProcess, signal: NodeJS.Signals): Promise<void> {
  if (one.child.exitCode !== null || one.child.signalCode !== null) return;
  const exited = new Promise((resolve) => one.child.once('exit', resolve));
  one.child.kill(signal);
  const timer = setTimeout(() => one.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
