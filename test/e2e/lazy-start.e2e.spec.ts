import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { connectHttp, officialClient } from '../support/official-client.js';
import { modernMetaFor } from '../support/modern-meta.js';
import { textOf } from '../support/transports.js';

// An app loads class-validator, the task machinery and the fleet's event hub only when it uses them; a minimal app starts without.
const here = dirname(fileURLToPath(import.meta.url));
const appMain = join(here, '..', 'fixtures', 'start-lean-app', 'dist', 'main.js');
const moduleLog = join(here, 'support', 'module-log.register.mjs');

const modernMeta = modernMetaFor('lazy-start-spec');

interface Reply {
  id?: number;
  result?: { tools?: Array<{ name: string }>; content?: Array<{ text?: string }>; isError?: boolean };
  error?: { code: number; message: string };
}

/** Runs the app on stdio with `flags`, sends one request per entry, and returns the replies and every module resolved. */
async function serve(
  flags: string[],
  requests: Array<{ method: string; params: Record<string, unknown> }>,
): Promise<{ replies: Map<number, Reply>; modules: string[] }> {
  const child = spawn(process.execPath, ['--import', moduleLog, appMain, ...flags], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const modules: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (line.startsWith('module-loaded ')) modules.push(line.slice('module-loaded '.length));
  });
  const replies = new Map<number, Reply>();
  const done = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const reply = JSON.parse(line) as Reply;
      if (reply.id !== undefined) replies.set(reply.id, reply);
      if (replies.size === requests.length) resolve();
    });
  });
  requests.forEach(({ method, params }, index) =>
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: index + 1, method, params: { ...params, _meta: modernMeta } })}\n`,
    ),
  );
  await done;
  // Resolutions are reported asynchronously: give the last ones a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
  return { replies, modules };
}

const classValidatorFiles = (modules: string[]) =>
  modules.filter((url) => /\/node_modules\/(class-validator|validator|libphonenumber-js)\//.test(url));
const taskFiles = (modules: string[]) =>
  modules.filter((url) =>
    /\/dist\/(server\/tasks\/(?!tasks-extension\.constants)|tasks\/task\.store|app\/task-support)/.test(url),
  );

const stdioFiles = (modules: string[]) =>
  modules.filter((url) =>
    /\/dist\/transport\/(stdio\.transport|legacy\/legacy-stdio-session)\.js$/.test(url),
  );
const fleetFiles = (modules: string[]) =>
  modules.filter((url) => url.includes('/dist/server/subscriptions/fleet-event-hub.js'));

const call = (name: string, args: Record<string, unknown>) => ({
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('a minimal app starts without what it does not use', () => {
  it('serves and validates a tool without importing class-validator or the task machinery', async () => {
    const { replies, modules } = await serve(
      [],
      [{ method: 'tools/list', params: {} }, call('greet', { name: 'Ada' }), call('greet', { name: 7 })],
    );
    expect(replies.get(1)?.result?.tools?.map((tool) => tool.name)).toStrictEqual(['greet']);
    expect(replies.get(2)?.result?.content?.[0]?.text).toBe('Hello, Ada!');
    // The input schema still refuses a wrong type, with no validation library loaded.
    expect(replies.get(3)?.error?.code).toBe(-32602);
    expect(replies.get(3)?.error?.message).toContain('name');
    expect(modules.some((url) => url.includes('/fixtures/start-lean-app/dist/main.js'))).toBe(true);
    expect(classValidatorFiles(modules)).toStrictEqual([]);
    expect(taskFiles(modules)).toStrictEqual([]);
    expect(fleetFiles(modules)).toStrictEqual([]);
    expect(stdioFiles(modules)).toHaveLength(2);
  });

  it('loads class-validator once a class carries its rules, and checks the rules no schema can say', async () => {
    const { replies, modules } = await serve(
      ['--rules'],
      [
        call('order', { quantity: 2, code: 'ab-12' }),
        call('order', { quantity: 2, code: 'ab12' }),
        call('order', { quantity: 9, code: 'ab-12' }),
      ],
    );
    expect(replies.get(1)?.result?.content?.[0]?.text).toBe('ordered 2 of ab-12');
    expect(replies.get(2)?.error?.code).toBe(-32602);
    expect(replies.get(2)?.error?.message).toMatch(/code.*contains/i);
    expect(replies.get(3)?.error?.code).toBe(-32602);
    expect(replies.get(3)?.error?.message).toContain('quantity');
    expect(classValidatorFiles(modules).length).toBeGreaterThan(0);
    expect(taskFiles(modules)).toStrictEqual([]);
  });

  it('loads the task machinery for an app with a task tool', async () => {
    const { replies, modules } = await serve(
      ['--tasks'],
      [{ method: 'tools/list', params: {} }, call('report', { title: 'Q3' })],
    );
    expect(replies.get(1)?.result?.tools?.map((tool) => tool.name)).toStrictEqual(['greet', 'report']);
    expect(replies.get(2)?.result?.content?.[0]?.text).toBe('report Q3');
    expect(taskFiles(modules)).toEqual(
      expect.arrayContaining([expect.stringContaining('/dist/server/tasks/tasks.handler.js')]),
    );
    expect(classValidatorFiles(modules)).toStrictEqual([]);
  });

  it('loads the fleet event hub for an app given a fleet', async () => {
    const { replies, modules } = await serve(['--fleet'], [call('greet', { name: 'Lin' })]);
    expect(replies.get(1)?.result?.content?.[0]?.text).toBe('Hello, Lin!');
    expect(fleetFiles(modules)).toHaveLength(1);
  });

  it('serves the official client on HTTP without importing the stdio transport', async () => {
    const child = spawn(process.execPath, ['--import', moduleLog, appMain, '--http'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const modules: string[] = [];
    const listening = new Promise<string>((resolve) => {
      createInterface({ input: child.stderr }).on('line', (line) => {
        if (line.startsWith('module-loaded ')) modules.push(line.slice('module-loaded '.length));
        if (line.startsWith('listening on ')) resolve(line.slice('listening on '.length));
      });
    });
    try {
      const client = await connectHttp(officialClient({ era: 'modern' }), await listening);
      expect(textOf(await client.callTool({ name: 'greet', arguments: { name: 'Kay' } }))).toBe(
        'Hello, Kay!',
      );
      await client.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(modules.some((url) => url.endsWith('/dist/transport/http/node-http.handler.js'))).toBe(true);
      expect(stdioFiles(modules)).toStrictEqual([]);
      expect(classValidatorFiles(modules)).toStrictEqual([]);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
  });
});
