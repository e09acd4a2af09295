// `node bench/dist/app-question-cost.js [--iterations 20000] [--batches 7]`: what a question with an MCP App
// costs against the same question without one, in process: a first round that asks (input_required),
// for a client that renders apps (the question then carries `_meta.ui`) and for one that does not.
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { Ctx, Elicitor, ElicitRequestParams, Module, Tool, Tools, UiResource, UI_EXTENSION } from 'elicitor';
import type { Context } from 'elicitor';
import { APPS_HOST_EXTENSION, testKeyring } from 'elicitor/testing';
import { fixed, textTable } from './report/text-table.js';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1] ?? fallback) : fallback;
}

const iterations = option('iterations', 20_000);
const batches = option('batches', 7);

@UiResource({ uri: 'ui://bench/picker', name: 'Picker', html: '<!doctype html><main></main>' })
class PickerUi {}

@Tools()
class QuestionTools {
  @Tool({ description: 'Asks one plain question' })
  async plain(@Ctx() ctx: Context): Promise<string> {
    await ctx.elicit('value', ElicitRequestParams.form('Value?').withRequired('value', 'string'));
    return 'done';
  }

  @Tool({ description: 'Asks the same question with an app' })
  async withApp(@Ctx() ctx: Context): Promise<string> {
    await ctx.elicit(
      'value',
      ElicitRequestParams.form('Value?').withRequired('value', 'string').withApp(PickerUi),
    );
    return 'done';
  }
}

@Module({ tools: [QuestionTools], ui: [PickerUi] })
class BenchAppModule {}

const PLAIN_CLIENT = { elicitation: { form: {} } };
const APP_HOST = { elicitation: { form: {} }, extensions: { [UI_EXTENSION]: APPS_HOST_EXTENSION } };

function callMessage(tool: string, capabilities: Record<string, unknown>): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: tool,
      arguments: {},
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': capabilities,
      },
    },
  };
}

/** Median µs per call over batches, after a warm-up batch. */
async function time(step: () => Promise<unknown>): Promise<number> {
  const perBatch: number[] = [];
  for (let batch = -1; batch < batches; batch++) {
    const started = performance.now();
    for (let i = 0; i < iterations; i++) await step();
    if (batch >= 0) perBatch.push(((performance.now() - started) * 1000) / iterations);
  }
  perBatch.sort((a, b) => a - b);
  return perBatch[Math.floor(perBatch.length / 2)]!;
}

const app = await Elicitor.create(BenchAppModule, {
  name: 'bench',
  version: '1.0.0',
  requestState: { keys: testKeyring() },
  logger: { info() {}, warn() {}, error() {} },
});
const cases: Array<[string, string, Record<string, unknown>, boolean]> = [
  ['plain question, plain client', 'plain', PLAIN_CLIENT, false],
  ['plain question, app host', 'plain', APP_HOST, false],
  ['question with an app, plain client', 'with_app', PLAIN_CLIENT, false],
  ['question with an app, app host (_meta.ui)', 'with_app', APP_HOST, true],
];
const rows: string[][] = [];
for (const [label, tool, capabilities, carriesApp] of cases) {
  const message = callMessage(tool, capabilities);
  const reply = await app.handleModernMessage(message);
  // Each case is checked once before it is timed: the question goes out with its app exactly when it should.
  if ((reply.json ?? JSON.stringify(reply.body)).includes('"resourceUri"') !== carriesApp)
    throw new Error(`${label}: unexpected _meta.ui`);
  rows.push([label, fixed(await time(() => app.handleModernMessage(message)), 2)]);
}
await app.close();
console.log(
  `First round of a one-question call (input_required), in process; ${iterations} calls × ${batches} batches`,
);
console.log(textTable(['case', 'µs per round'], rows));
