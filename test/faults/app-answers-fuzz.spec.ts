import 'reflect-metadata';
import fc from 'fast-check';
import type { ElicitorApp } from 'elicitor';
import { TestClient, appQuestionOf } from 'elicitor/testing';
import { startHttpApp } from '../support/transports.js';
import { ChargeTools, ledger, paidCallOf, repeatedEffects, resetLedger } from './wire-fuzz.tools.js';
import {
  FUZZ_SEED,
  FUZZ_RUNS,
  applyEdit,
  faultOf,
  structureEdit,
  tamperToken,
  type Json,
} from './wire-fuzz.support.js';

type Body = Record<string, unknown>;

const anything = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
/** What an app sends besides the right answer: changed arguments, a changed continuation, odd content. */
const wrongAnswer = fc.oneof(
  fc.array(structureEdit, { minLength: 1, maxLength: 2 }).map((edits) => ({ edits })),
  fc.record({ tamperAt: fc.nat(), char: fc.constantFrom('A', 'z', '-', '.', '_') }),
  fc.record({ action: fc.constantFrom('accept', 'decline', 'cancel', 'maybe', ''), content: anything }),
);
const round = fc.record({
  wrong: fc.array(wrongAnswer, { maxLength: 3 }),
  copies: fc.integer({ min: 1, max: 2 }),
});

/**
 * A host that renders MCP Apps and cannot elicit: each question of the payment tool comes back as an app
 * question, and the app answers through `elicitor_answer`, over HTTP, after changed, tampered and odd
 * answers and with the right one sent twice at once. Every reply is a result or a client-fault error, and
 * no call charges or commits twice.
 */
describe('answers through an app, changed, tampered and repeated', () => {
  let app: ElicitorApp;
  let client: TestClient;
  beforeAll(async () => {
    let url: string;
    ({ app, url } = await startHttpApp({
      name: 'app-fuzz',
      version: '1',
      tools: [ChargeTools],
      askThroughApps: true,
      logger: { info() {}, warn() {}, error() {} },
    }));
    client = TestClient.forUrl(url);
  });
  afterAll(() => app.close());

  const call = async (params: Body): Promise<Body | undefined> => {
    const reply = await client.request('tools/call', params, { throughApp: true });
    const messages = Object.keys(reply.body).length === 0 ? [] : [reply.body];
    const fault = faultOf({ status: reply.status, messages });
    if (fault !== undefined) throw new Error(`${fault}\n  for ${JSON.stringify(params).slice(0, 300)}`);
    return reply.body.result as Body | undefined;
  };

  it('charges and commits at most once per call, whatever the app sends', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 2, maxLength: 2 }), async (rounds) => {
        resetLedger();
        let result = await call({ name: 'pay', arguments: { amount: 5 } });
        for (const { wrong, copies } of rounds) {
          const question = appQuestionOf(result);
          if (question === undefined) break;
          const content = question.key === 'confirm' ? { ok: true } : { note: 'fuzz' };
          const right = { continuation: question.continuation, action: 'accept', content } as Body;
          for (const change of wrong) {
            let args: Body = { ...right };
            if ('edits' in change)
              args = change.edits.reduce<unknown>(
                (body, edit) => applyEdit(body as object, edit),
                args,
              ) as Body;
            else if ('tamperAt' in change) {
              const { requestState } = question.continuation;
              const tampered = tamperToken(requestState, change.tamperAt, change.char);
              args.continuation = { ...question.continuation, requestState: tampered };
            } else if ('action' in change) args = { ...args, action: change.action, content: change.content };
            await call({ name: 'elicitor_answer', arguments: args });
          }
          const replies = await Promise.all(
            Array.from({ length: copies }, () => call({ name: 'elicitor_answer', arguments: right })),
          );
          result = replies[0];
        }
        expect(repeatedEffects()).toStrictEqual([]);
        for (const paid of ledger.receipts.keys()) expect(ledger.charges.get(paid)).toBe(1);
        const text = ((result?.content ?? []) as Array<{ text?: string }>)[0]?.text ?? '';
        const paid = paidCallOf(text);
        if (paid !== undefined)
          expect([ledger.charges.get(paid), ledger.receipts.get(paid)]).toStrictEqual([1, 1]);
      }),
      { seed: FUZZ_SEED + 10, numRuns: Math.ceil(FUZZ_RUNS / 2) },
    );
  });
});
