import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Client } from '@modelcontextprotocol/client';
import { connectHttp, officialClient, type Era } from '../support/official-client.js';
import { textOf } from '../support/transports.js';

/**
 * `app.fetch` served by Bun's and Deno's own servers (`Bun.serve`, `Deno.serve`), running the built library
 * as those runtimes load it, driven from Node by the official client on both eras.
 *
 * A runtime missing from PATH skips its suite, unless ELICITOR_E2E_RUNTIMES=1 (CI), where a missing runtime
 * fails. Needs `npm run build` (the fixture's dist/).
 */
const SCRIPT = 'test/fixtures/web-runtime-app/dist/main.js';
const required = process.env.ELICITOR_E2E_RUNTIMES === '1';

interface Runtime {
  name: 'bun' | 'deno';
  args: string[];
}

const RUNTIMES: Runtime[] = [
  { name: 'bun', args: [SCRIPT] },
  // Deno's permissions: the loopback listener, the environment and files (node_modules) only.
  {
    name: 'deno',
    args: ['run', '--no-prompt', '--allow-net=127.0.0.1', '--allow-env', '--allow-read', SCRIPT],
  },
];

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
  runtime: string;
  url: string;
}

/** Starts the fixture server and resolves once it printed where it listens. */
function start(runtime: Runtime): Promise<Started> {
  const child = spawn(runtime.name, runtime.args, { env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('no listening line within 20 s')), 20_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`${runtime.name} ${runtime.args.join(' ')}: ${error.message}\n${stderr}`));
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const listening = JSON.parse(line) as { runtime: string; url: string };
      resolve({ child, ...listening });
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
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
  expect(existsSync(SCRIPT)).toBe(true);
});

describe.each(RUNTIMES)('app.fetch on $name', (runtime) => {
  const version = versionOf(runtime.name);

  if (!version && !required) {
    it.skip(`${runtime.name} is not on PATH; ELICITOR_E2E_RUNTIMES=1 requires it`, () => undefined);
    return;
  }

  let server: Started;
  beforeAll(async () => {
    if (!version) throw new Error(`${runtime.name} is not on PATH, and ELICITOR_E2E_RUNTIMES=1 requires it`);
    server = await start(runtime);
  });
  afterAll(async () => {
    if (server) await stop(server.child);
  });

  it('serves with the runtime’s own server', () => {
    expect(server.runtime).toBe(runtime.name);
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

    it(`negotiates ${protocolVersion}`, () => {
      expect(client.getNegotiatedProtocolVersion()).toBe(protocolVersion);
    });

    it('lists the tools with the schema built from the decorated class', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toStrictEqual(['echo', 'plan_trip', 'bookings_made']);
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
