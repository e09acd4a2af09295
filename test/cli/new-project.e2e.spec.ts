import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describeWhen } from '../support/test-requirements.js';

/**
 * The promise `elicitor new` makes, from a checkout with nothing published: the local CLI packs this
 * build into a fresh project, which then installs, passes `npm test`, builds its one-file bundle with
 * `npm run build` (tsc, then `elicitor build`) and serves that bundle with `npm start`. The
 * generated `greet` tool is called with the official client and with `elicitor call`, on both eras.
 *
 * Opt-in: run it with ELICITOR_E2E_NEW=1 after `npm run build` (it packs dist/). It needs
 * network access (or a warm npm cache) for `npm install` and takes a few minutes.
 * ELICITOR_E2E_MCP_PATH sets the HTTP endpoint path (default /mcp); ELICITOR_E2E_KEEP=1 keeps the temp project.
 */
const describeWhenEnabled = describeWhen('newProject');

const repoRoot = resolve(process.cwd());
const cliBin = join(repoRoot, 'dist', 'cli', 'main.js');
const mcpPath = process.env.ELICITOR_E2E_MCP_PATH ?? '/mcp';
const STEP_TIMEOUT = 10 * 60_000;

/** The child's environment without this jest run's settings. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('JEST') && key !== 'NODE_OPTIONS' && key !== 'NODE_ENV',
    ),
  );
  return { ...env, ...extra };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()): string {
  return execFileSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Runs to completion and returns stdout and stderr together (Jest reports on stderr). */
function runReporting(
  command: string,
  args: string[],
  cwd: string,
): { status: number | null; output: string } {
  const child = spawnSync(command, args, {
    cwd,
    env: cleanEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: child.status, output: `${child.stdout}${child.stderr}` };
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function callGreet(
  url: URL,
  mode: 'auto' | 'legacy',
): Promise<{ era: string | undefined; text: unknown }> {
  const client = new Client(
    { name: 'new-project-e2e', version: '1.0.0' },
    { capabilities: { elicitation: { form: {}, url: {} } }, versionNegotiation: { mode } },
  );
  client.setRequestHandler('elicitation/create', async () => ({
    action: 'accept',
    content: { name: 'Ada' },
  }));
  await client.connect(new StreamableHTTPClientTransport(url));
  try {
    const result = await client.callTool({ name: 'greet', arguments: {} });
    return { era: client.getProtocolEra(), text: (result.content as Array<{ text?: string }>)[0]?.text };
  } finally {
    await client.close();
  }
}

async function waitForServer(url: URL, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}:\n${log()}`);
    try {
      const client = new Client(
        { name: 'probe', version: '1.0.0' },
        { versionNegotiation: { mode: 'auto' } },
      );
      await client.connect(new StreamableHTTPClientTransport(url));
      await client.close();
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 500));
    }
  }
  throw new Error(`the server did not answer on ${url.href}:\n${log()}`);
}

describeWhenEnabled('elicitor new: a fresh project tests and serves (ELICITOR_E2E_NEW=1)', () => {
  let workDir = '';
  let projectDir = '';
  let server: ChildProcess | undefined;
  let serverLog = '';

  beforeAll(() => {
    workDir = mkdtempSync(join(tmpdir(), 'elicitor-new-e2e-'));
    projectDir = join(workDir, 'demo');
  });

  afterAll(() => {
    // `npm start` runs a shell and node: end the whole group it leads.
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    if (workDir && process.env.ELICITOR_E2E_KEEP !== '1') rmSync(workDir, { recursive: true, force: true });
  });

  it(
    'scaffolds from the local build: packs it into the project, depends on the tarball, installs',
    () => {
      expect(existsSync(cliBin)).toBe(true); // run `npm run build` first

      const output = run(process.execPath, [cliBin, 'new', 'demo', '--directory', projectDir], workDir);

      const tarballs = readdirSync(projectDir).filter((name) => /^elicitor-.+\.tgz$/.test(name));
      expect(tarballs).toHaveLength(1);
      expect(output).toContain(`PACK demo/${tarballs[0]}`);
      const manifest = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8'));
      expect(manifest.dependencies.elicitor).toBe(`file:${tarballs[0]}`);
      const installed = JSON.parse(
        readFileSync(join(projectDir, 'node_modules/elicitor/package.json'), 'utf8'),
      );
      expect(installed.version).toBe(
        JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version,
      );
      // The project's SDK is the one elicitor uses: no second copy nested under it.
      expect(
        existsSync(join(projectDir, 'node_modules/elicitor/node_modules/@modelcontextprotocol/server')),
      ).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    'passes npm test',
    () => {
      const { status, output } = runReporting('npm', ['test'], projectDir);
      expect({ status, summary: /^Tests: .*$/m.exec(output)?.[0] }).toStrictEqual({
        status: 0,
        summary: expect.stringMatching(/^Tests: +\d+ passed, \d+ total$/),
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'builds with tsc and elicitor build: the tsc output and one bundle',
    () => {
      const output = run('npm', ['run', 'build'], projectDir);
      expect(output).toMatch(/dist\/main\.bundle\.mjs \(\d+\.\d MB\) from dist\/main\.js/);
      expect(existsSync(join(projectDir, 'dist', 'main.js'))).toBe(true);
      expect(existsSync(join(projectDir, 'dist', 'main.bundle.mjs'))).toBe(true);
    },
    STEP_TIMEOUT,
  );

  it(
    'serves the bundle with npm start and answers greet on both eras',
    async () => {
      const port = await freePort();
      server = spawn('npm', ['start'], {
        cwd: projectDir,
        env: cleanEnv({ PORT: String(port) }),
        detached: true,
      });
      server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
      server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
      const url = new URL(`http://127.0.0.1:${port}${mcpPath}`);
      await waitForServer(url, server, () => serverLog);

      expect(await callGreet(url, 'auto')).toStrictEqual({ era: 'modern', text: 'Hello, Ada!' });
      expect(await callGreet(url, 'legacy')).toStrictEqual({ era: 'legacy', text: 'Hello, Ada!' });

      const answers = join(workDir, 'answers.json');
      writeFileSync(answers, JSON.stringify({ byField: { name: 'Ada' } }));
      for (const era of ['modern', 'legacy']) {
        const output = run(
          process.execPath,
          [cliBin, 'call', url.href, 'greet', '--answers', answers, '--era', era],
          workDir,
        );
        expect(output).toContain('Hello, Ada!');
      }
    },
    STEP_TIMEOUT,
  );

  it(
    'serves over stdio with --stdio, through elicitor call',
    () => {
      const answers = join(workDir, 'answers.json');
      const server = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(projectDir, 'dist', 'main.js'))} --stdio`;
      for (const era of ['modern', 'legacy']) {
        const output = run(
          process.execPath,
          [cliBin, 'call', server, 'greet', '--answers', answers, '--era', era],
          workDir,
        );
        expect(output).toContain('Hello, Ada!');
      }
    },
    STEP_TIMEOUT,
  );
});
