import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Client } from '@modelcontextprotocol/client';
import { build } from 'esbuild';
import { connectHttp, officialClient, type Era } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import { itWhen } from '../support/test-requirements.js';

/**
 * `app.fetch` on the web runtimes, running the built library as each loads it, driven from Node by the
 * official client on both eras: Bun (`Bun.serve`) and Deno (`Deno.serve`) run the JavaScript tsc emits;
 * workerd, the Workers runtime, serves an esbuild bundle of a module worker.
 *
 * A runtime missing from PATH skips its suite, unless ELICITOR_E2E_RUNTIMES=1 (CI), where a missing runtime
 * fails. Needs `npm run build` (the fixture's dist/).
 */
const FIXTURE = 'test/fixtures/web-runtime-app/dist';
const required = process.env.ELICITOR_E2E_RUNTIMES === '1';

interface Launch {
  command: string;
  args: string[];
  /** Removed when the server stops. */
  scratch?: string;
}

interface Runtime {
  name: 'bun' | 'deno' | 'workerd';
  /** What `navigator.userAgent` starts with in that runtime. */
  userAgent: string;
  launch(): Promise<Launch>;
}

const RUNTIMES: Runtime[] = [
  { name: 'bun', userAgent: 'Bun/', launch: async () => ({ command: 'bun', args: [`${FIXTURE}/main.js`] }) },
  {
    name: 'deno',
    userAgent: 'Deno/',
    // Deno's permissions: the loopback listener, the environment and files (node_modules) only.
    launch: async () => ({
      command: 'deno',
      args: [
        'run',
        '--no-prompt',
        '--allow-net=127.0.0.1',
        '--allow-env',
        '--allow-read',
        `${FIXTURE}/main.js`,
      ],
    }),
  },
  { name: 'workerd', userAgent: 'Cloudflare-Workers', launch: launchWorkerd },
];

/** Bundles the module worker and writes a workerd config serving it on a free port of 127.0.0.1. */
async function launchWorkerd(): Promise<Launch> {
  const scratch = mkdtempSync(join(tmpdir(), 'elicitor-workerd-'));
  await build({
    entryPoints: [`${FIXTURE}/worker.js`],
    bundle: true,
    format: 'esm',
    platform: 'node', // node: built-ins stay imports, which workerd's Node compatibility provides
    outfile: join(scratch, 'worker.mjs'),
    logLevel: 'error',
  });
  const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .mainWorker)],
  sockets = [(name = "http", address = "127.0.0.1:${await freePort()}", http = (), service = "main")],
);
const mainWorker :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "worker.mjs")],
  compatibilityDate = "2026-06-01",
  compatibilityFlags = ["nodejs_compat"],
);
`;
  writeFileSync(join(scratch, 'config.capnp'), config);
  return { command: 'workerd', args: ['serve', join(scratch, 'config.capnp')], scratch };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The runtime's version line, or undefined when it is not on PATH. */
function versionOf(name: string): string | undefined {
  const probe = spawnSync(name, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.split('\n')[0]!.trim() : undefined;
}

/** The environment for the child: none of this jest run's Node settings. */
function childEnv(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, ...rest } = process.env;
  return rest;
}

interface Started {
  child: ChildProcess;
  url: string;
  scratch: string | undefined;
}

const LISTENING = /Listening on (http:\/\/127\.0\.0\.1:\d+)/;

/** Starts the server and resolves once it says where it listens (workerd on stderr, the script on stdout). */
async function start(runtime: Runtime): Promise<Started> {
  const { command, args, scratch } = await runtime.launch();
  const child = spawn(command, args, { env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('no listening line within 20 s')), 20_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${output}`));
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`exited with ${code}`)));
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        output += `${line}\n`;
        const listening = LISTENING.exec(line);
        if (!listening) return;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ child, url: `${listening[1]!}/mcp`, scratch });
      });
    }
  });
}

async function stop(server: Started): Promise<void> {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
  if (server.scratch) rmSync(server.scratch, { recursive: true, force: true });
}

/** Answers the trip questions: Lisbon, then yes. */
function tripAnswers(asked: string[]) {
  return (params: Record<string, unknown>) => {
    asked.push(String(params.message));
    const properties = Object.keys((params.requestedSchema as { properties: object }).properties);
    return {
      action: 'accept',
      content: properties.includes('city') ? { city: 'Lisbon' } : { confirm: true },
    };
  };
}

it('finds the built fixture the runtimes run', () => {
  expect(existsSync(`${FIXTURE}/main.js`)).toBe(true);
  expect(existsSync(`${FIXTURE}/worker.js`)).toBe(true);
});

describe.each(RUNTIMES)('app.fetch on $name', (runtime) => {
  const version = versionOf(runtime.name);

  if (!version && !required) {
    itWhen(runtime.name, false)(`runs on ${runtime.name}`, () => undefined);
    return;
  }

  let server: Started;
  beforeAll(async () => {
    if (!version) throw new Error(`${runtime.name} is not on PATH, and ELICITOR_E2E_RUNTIMES=1 requires it`);
    server = await start(runtime);
  });
  afterAll(async () => {
    if (server) await stop(server);
  });

  describe.each([
    ['modern', '2026-07-28'],
    ['legacy', '2025-11-25'],
  ] as Array<[Era, string]>)('with the official client on the %s wire', (era, protocolVersion) => {
    let client: Client;
    const asked: string[] = [];
    beforeAll(async () => {
      client = await connectHttp(officialClient({ era, onElicit: tripAnswers(asked) }), server.url);
    });
    afterAll(() => client?.close());

    it(`negotiates ${protocolVersion}, served by ${runtime.name}`, async () => {
      expect(client.getNegotiatedProtocolVersion()).toBe(protocolVersion);
      const userAgent = textOf(await client.callTool({ name: 'runtime', arguments: {} }));
      expect(userAgent.startsWith(runtime.userAgent)).toBe(true);
    });

    it('lists the tools with the schema built from the decorated class', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toStrictEqual(['echo', 'plan_trip', 'runtime', 'bookings_made']);
      expect(tools[0]!.inputSchema).toMatchObject({
        properties: { text: { type: 'string', minLength: 1, maxLength: 200 } },
        required: ['text'],
      });
    });

    it('calls a tool, and refuses invalid arguments with -32602 naming the rule', async () => {
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('echo: hi');
      const failure = await client.callTool({ name: 'echo', arguments: { text: '' } }).then(
        () => undefined,
        (error: { code?: number; message: string }) => error,
      );
      expect(failure?.code).toBe(-32602);
      expect(failure?.message).toMatch(/text \(minLength\)/);
    });

    it('runs a two-question flow and books once', async () => {
      const before = Number(textOf(await client.callTool({ name: 'bookings_made', arguments: {} })));
      const result = await client.callTool({ name: 'plan_trip', arguments: {} });
      expect(textOf(result)).toBe(`Booked T${before + 1}-LISBON: a trip to Lisbon.`);
      expect(asked).toStrictEqual(['Where to?', 'Book a trip to Lisbon?']);
      expect(textOf(await client.callTool({ name: 'bookings_made', arguments: {} }))).toBe(
        String(before + 1),
      );
    });
  });
});
