// `node bench/dist/round-cost.js [--iterations 20000] [--batches 7]`: what one resumed round of the bench
// flow costs in process, part by part, timed on a warmed process; see bench/README.md.
import { performance } from 'node:perf_hooks';
import { Elicitor, ElicitRequestParams } from 'elicitor';
import { digestOf } from '../../dist/mrtr/digest.js';
import { describeMalformedResponse } from '../../dist/mrtr/input-response.check.js';
import { LeaseClaims } from '../../dist/mrtr/lease-claims.js';
import { MemoryStateStore } from '../../dist/mrtr/stores/memory.store.js';
import { AnswerPins } from '../../dist/mrtr/answer-pins.js';
import { questionDigest } from '../../dist/mrtr/question-digest.js';
import { RequestStateCodec } from '../../dist/mrtr/request-state.codec.js';
import type { CallState } from '../../dist/mrtr/call-state.js';
import { testKeyring } from '../../dist/testing/test-keyring.js';
import { validateFormAnswer } from '../../dist/validation/form-answer.check.js';
import { BenchTools } from './servers/elicitor-bench.tools.js';
import { fixed, textTable } from './report/text-table.js';
import {
  ANSWER_FIELD,
  FLOW_KEYS,
  FLOW_TOOL,
  acceptAnswer,
  questionFor,
  requestMeta,
} from './wire/mcp-wire.js';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1] ?? fallback) : fallback;
}

const iterations = option('iterations', 20_000);
const batches = option('batches', 7);
const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const TTL_MS = 600_000;

type Step = () => unknown;

/** Median µs per call over batches, after a warm-up batch; async steps are awaited one at a time. */
async function time(step: Step): Promise<number> {
  const perBatch: number[] = [];
  for (let batch = -1; batch < batches; batch++) {
    const started = performance.now();
    for (let i = 0; i < iterations; i++) {
      const out = step();
      if (out instanceof Promise) await out;
    }
    if (batch >= 0) perBatch.push(((performance.now() - started) * 1000) / iterations);
  }
  perBatch.sort((a, b) => a - b);
  return perBatch[Math.floor(perBatch.length / 2)]!;
}

const [first, second] = FLOW_KEYS;
const askFor = (key: string) =>
  ElicitRequestParams.form(questionFor(key)).withRequired(ANSWER_FIELD, 'string').toWire();
const firstDigest = questionDigest(askFor(first));
const secondDigest = questionDigest(askFor(second));
const binding = { method: 'tools/call', target: FLOW_TOOL, argsDigest: digestOf({}) };
const codec = new RequestStateCodec({ keyring: testKeyring() });

/** The state the final round of the two-question flow opens: one answer settled, the second asked. */
const finalRoundState: CallState = {
  c: 'Qm9vdHN0cmFwQ2FsbElk',
  r: 2,
  q: { [second]: ['elicit', secondDigest] },
  a: { [first]: [firstDigest, acceptAnswer(first)] },
};
const sealedFinal = codec.seal(finalRoundState, binding);

const store = new MemoryStateStore();
const claims = new LeaseClaims({ store, leaseMs: 30_000, recordTtlMs: TTL_MS, logger: silentLogger });
let callCounter = 0;

const schema = ElicitRequestParams.form(questionFor(second)).withRequired(ANSWER_FIELD, 'string').schema;
const finalBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: {
    name: FLOW_TOOL,
    arguments: {},
    requestState: sealedFinal,
    inputResponses: { [second]: acceptAnswer(second) },
    _meta: requestMeta,
  },
});
const finalReply = {
  jsonrpc: '2.0',
  id: 7,
  result: { content: [{ type: 'text', text: 'a=answer-a b=answer-b' }], isError: false },
};

const fiveAnswers = Object.fromEntries(
  ['a', 'b', 'c', 'd', 'e'].map((key) => [key, [firstDigest, acceptAnswer(key)] as [string, unknown]]),
);

const parts: Array<[string, Step]> = [
  ['open sealed state (AES-256-GCM, JSON.parse)', () => codec.open<CallState>(sealedFinal, binding)],
  ['seal next state (AES-256-GCM, JSON.stringify)', () => codec.seal(finalRoundState, binding)],
  ['binding digest (arguments)', () => digestOf({})],
  [
    'question digests (2 questions, cached)',
    () => (questionDigest(askFor(first)), questionDigest(askFor(second))),
  ],
  ['shape check of the new answer', () => describeMalformedResponse('elicit', acceptAnswer(second))],
  [
    'form validation of the new answer',
    () => validateFormAnswer(undefined, schema, acceptAnswer(second).content),
  ],
  [
    'final lease: claim + release (a round that asks again)',
    async () => {
      const claim = await claims.claim(`final:c${callCounter++}`);
      if (claim.status === 'claimed') await claim.lease.release();
    },
  ],
  [
    'final lease: claim + complete (the final round)',
    async () => {
      const claim = await claims.claim(`final:c${callCounter++}`);
      if (claim.status === 'claimed') await claim.lease.complete('{"content":[]}');
    },
  ],
  [
    'answer pins: pin 2 answers + forget',
    async () => {
      const pins = new AnswerPins(store, TTL_MS, `c${callCounter++}`);
      await pins.pin({
        [first]: [firstDigest, acceptAnswer(first)],
        [second]: [secondDigest, acceptAnswer(second)],
      });
      await pins.forget();
    },
  ],
  [
    'answer pins: pin 5 answers + forget',
    async () => {
      const pins = new AnswerPins(store, TTL_MS, `c${callCounter++}`);
      await pins.pin(fiveAnswers);
      await pins.forget();
    },
  ],
  [
    'once record: claim + complete',
    async () => {
      const claim = await claims.claim(`once:c${callCounter++}:send`);
      if (claim.status === 'claimed') await claim.lease.complete('{"value":1}');
    },
  ],
  ['envelope JSON.parse (request body)', () => JSON.parse(finalBody)],
  ['reply JSON.stringify', () => JSON.stringify(finalReply)],
  [
    'five awaited promise hops (an interceptor chain)',
    async () => {
      const hop = async (n: number): Promise<number> => (n === 0 ? 0 : (await hop(n - 1)) + 1);
      await hop(5);
    },
  ],
];

const app = await Elicitor.create({
  name: 'round-cost',
  version: '1.0.0',
  tools: [BenchTools],
  requestState: { keys: ['round-cost-request-state-key-0123456789'] },
  logger: silentLogger,
});
const message = (id: number, params: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: FLOW_TOOL, arguments: {}, ...params, _meta: requestMeta },
});
const stateOf = (reply: { body?: unknown }) =>
  (reply.body as { result: { requestState: string } }).result.requestState;
const afterFirst = stateOf(await app.handleModernMessage(message(1, {})));
const afterSecond = stateOf(
  await app.handleModernMessage(
    message(2, { requestState: afterFirst, inputResponses: { [first]: acceptAnswer(first) } }),
  ),
);
const wholeRounds: Array<[string, Step]> = [
  ['round 1 (no state, asks a)', () => app.handleModernMessage(message(1, {}))],
  [
    'round 2 (resumed, asks b)',
    () =>
      app.handleModernMessage(
        message(2, { requestState: afterFirst, inputResponses: { [first]: acceptAnswer(first) } }),
      ),
  ],
  [
    'whole flow, rounds 1 to 3 (a fresh call)',
    async () => {
      const state = stateOf(await app.handleModernMessage(message(1, {})));
      const next = stateOf(
        await app.handleModernMessage(
          message(2, { requestState: state, inputResponses: { [first]: acceptAnswer(first) } }),
        ),
      );
      await app.handleModernMessage(
        message(3, { requestState: next, inputResponses: { [second]: acceptAnswer(second) } }),
      );
    },
  ],
];
void afterSecond;

const rows: string[][] = [];
for (const [label, step] of parts) rows.push([label, fixed(await time(step), 2)]);
rows.push(['— whole rounds through the protocol handler (no HTTP) —', '']);
for (const [label, step] of wholeRounds) rows.push([label, fixed(await time(step), 2)]);
process.stdout.write(`${textTable(['part of a round', 'µs'], rows)}\n`);
process.stdout.write(
  `(${iterations} iterations × ${batches} batches, median batch; node ${process.version})\n`,
);
await app.close();
