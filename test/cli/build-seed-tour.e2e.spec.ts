import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BuildAction } from '../../src/cli/actions/build.action.js';
import { loadEsbuild } from '../../src/cli/build/esbuild-loader.js';
import { ESBUILD_NAME_HELPER, LEAN_NAME_HELPER } from '../../src/cli/build/kept-names.js';
import { CapturedOutput } from '../../src/cli/shared/cli-output.js';
import { LEGACY_OPEN_AND_LIST } from '../support/legacy-messages.js';

// `elicitor build` bundles seed-tour's tsc output into one file that serves exactly as the unbundled app.
const seedTour = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'samples', 'seed-tour');
// The bundle sits two levels below the sample's root, as dist/main.js does: the apps it serves are read at
// bootstrap from dist/ui/ by a URL relative to the module, which the bundle keeps.
const bundle = join(seedTour, 'dist', 'bundle', 'main.bundle.mjs');

const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'build-spec', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

type Reply = { id?: number; result?: Record<string, unknown>; error?: unknown };

/** Starts `script --stdio`, sends `messages`, and returns the replies by id once `wanted` arrived. */
async function exchange(script: string, messages: object[], wanted: number): Promise<Map<number, Reply>> {
  const child = spawn(process.execPath, [script, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const replies = new Map<number, Reply>();
  await new Promise<void>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const reply = JSON.parse(line) as Reply;
      if (reply.id !== undefined) replies.set(reply.id, reply);
      if (replies.size === wanted) resolve();
    });
    for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
  });
  child.kill();
  return replies;
}

const modernList = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } };
const invalidCard = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'pay_a_bill', arguments: { amount: 'lots' }, _meta: modernMeta },
};

describe('elicitor build', () => {
  beforeAll(async () => {
    const output = new CapturedOutput();
    const action = new BuildAction({ output, cwd: seedTour, loadEsbuild });
    expect(await action.handle({ entry: 'dist/main.js', out: bundle })).toBe(0);
    expect(output.stdout).toMatch(/main\.bundle\.mjs \(\d+\.\d MB\) from dist\/main\.js/);
    expect(output.stdout).toMatch(/ui\/form-app\.html \(the form app, for askThroughApps\)/);
  }, 60_000);

  it('puts the form app beside the bundle, which serves it from there (seed-tour asks through apps)', async () => {
    const copied = readFileSync(join(seedTour, 'dist', 'bundle', 'ui', 'form-app.html'), 'utf8');
    const read = {
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: { uri: 'ui://elicitor/form', _meta: modernMeta },
    };
    const served = (await exchange(bundle, [read], 1)).get(1)?.result?.contents as { text: string }[];
    expect(served[0]!.text).toBe(copied);
    expect(copied).toMatch(/<script>[\s\S]+ui\/initialize/);
  });

  it('serves the same tools/list and the same argument validation as the tsc output (decorator metadata kept)', async () => {
    const plain = await exchange(join(seedTour, 'dist', 'main.js'), [modernList, invalidCard], 2);
    const bundled = await exchange(bundle, [modernList, invalidCard], 2);
    expect((bundled.get(1)?.result?.tools as unknown[]).length).toBeGreaterThan(3);
    expect(bundled.get(1)).toStrictEqual(plain.get(1));
    expect(bundled.get(2)).toStrictEqual(plain.get(2));
    expect(JSON.stringify(bundled.get(2))).toMatch(/amount/);
  });

  it('writes ASCII only, with class-validator from its ES modules (no unused validators)', () => {
    const text = readFileSync(bundle, 'utf8');
    expect(text).not.toMatch(/[\u0080-\uffff]/);
    expect(text).toMatch(/class-validator\/esm2015\//);
    expect(text).not.toMatch(/libphonenumber-js/);
    // One copy of each: Elicitor's read of class-transformer's storage goes to the ES build too.
    expect(text).not.toMatch(/class-(validator|transformer)\/cjs\//);
    expect(text).toMatch(/class-transformer\/esm2015\/storage\.js/);
  });

  it('keeps names without naming each closure again at run time', () => {
    const text = readFileSync(bundle, 'utf8');
    expect(text).toContain(LEAN_NAME_HELPER);
    expect(text).not.toContain(ESBUILD_NAME_HELPER);
    // The request path's closures, e.g. the commit interceptor's, are plain bindings again.
    expect(text).toMatch(/^ {4}const discard = \(\w+\) => \{$/m);
    expect(text).not.toMatch(/^\s*const (\w+) = \/\* @__PURE__ \*\/ __name\(\(.*, "\1"\);$/m);
  });

  it('serves a legacy client, loading the bundled SDK on initialize', async () => {
    const replies = await exchange(bundle, [...LEGACY_OPEN_AND_LIST], 2);
    expect(replies.get(1)?.result?.protocolVersion).toBe('2025-11-25');
    expect((replies.get(2)?.result?.tools as unknown[]).length).toBeGreaterThan(3);
  });
});
