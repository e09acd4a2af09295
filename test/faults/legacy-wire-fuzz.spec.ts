import 'reflect-metadata';
import fc from 'fast-check';
import type { ElicitorApp } from 'elicitor';
import { LegacySession, type ReplyStream } from './legacy-session.driver.js';
import { ledger, paidCallOf, repeatedEffects, resetLedger, startChargeApp } from './wire-fuzz.tools.js';
import {
  FUZZ_SEED,
  FUZZ_RUNS,
  applyEdit,
  applyTextEdit,
  bodyText,
  faultOf,
  structureEdit,
  textEdit,
  expectClientFaultsOnly,
} from './wire-fuzz.support.js';

type Message = Record<string, unknown>;

/** What the client sends instead of, or besides, the right answer to one pushed question. */
const damage = fc.oneof(
  fc.array(structureEdit, { minLength: 1, maxLength: 2 }).map((edits) => ({ edits, text: [] as never[] })),
  fc.array(textEdit, { minLength: 1, maxLength: 2 }).map((text) => ({ edits: [] as never[], text })),
);
type Damage = fc.Arbitrary<typeof damage extends fc.Arbitrary<infer T> ? T : never>;
const answerPlan = fc.record({
  damaged: fc.array(damage as Damage, { maxLength: 3 }),
  copies: fc.integer({ min: 1, max: 2 }),
});

function rightAnswer(question: Message): Message {
  const message = (question.params as { message?: string }).message ?? '';
  const content = message.startsWith('Pay') ? { ok: true } : { note: 'fuzz' };
  return { jsonrpc: '2.0', id: question.id as number, result: { action: 'accept', content } };
}

async function expectAcceptable(reply: ReplyStream, sent: string): Promise<void> {
  expectClientFaultsOnly({ status: reply.status, messages: await reply.rest() }, sent);
}

/**
 * The 2025-11-25 push model under a client that answers its pushed questions with damaged, wrong and
 * repeated messages before the right one: every reply names the client's fault or accepts, the call ends,
 * and its charge and receipt happen at most once, exactly once when it is paid.
 */
describe('the 2025-11-25 wire under damaged and repeated answers to pushed questions', () => {
  let app: ElicitorApp;
  let url: string;
  let session: LegacySession;

  beforeAll(async () => {
    ({ app, url } = await startChargeApp());
    session = await LegacySession.open(url);
  });
  afterAll(() => app.close());

  it('ends every call once, charging and committing at most once', async () => {
    let id = 1;
    await fc.assert(
      fc.asyncProperty(fc.array(answerPlan, { minLength: 2, maxLength: 2 }), async (plans) => {
        resetLedger();
        const callId = ++id;
        const call = await session.post(
          JSON.stringify({
            jsonrpc: '2.0',
            id: callId,
            method: 'tools/call',
            params: { name: 'pay', arguments: { amount: 5 } },
          }),
        );
        let final: Message | undefined;
        for (let asked = 0; final === undefined; asked++) {
          const message = await call.next();
          if (message === undefined) throw new Error('the call ended without its result');
          if (message.id === callId && message.method === undefined) {
            final = message;
            break;
          }
          if (message.method !== 'elicitation/create') continue;
          const plan = plans[Math.min(asked, plans.length - 1)]!;
          const right = rightAnswer(message);
          for (const { edits, text } of plan.damaged) {
            const changed = edits.reduce<unknown>((body, edit) => applyEdit(body as Message, edit), right);
            const sent = text.reduce((body, edit) => applyTextEdit(body, edit), bodyText(changed));
            await expectAcceptable(await session.post(sent), sent);
          }
          const sent = JSON.stringify(right);
          const posted = await Promise.all(Array.from({ length: plan.copies }, () => session.post(sent)));
          for (const reply of posted) await expectAcceptable(reply, sent);
        }
        const fault = faultOf({ status: 200, messages: [final] });
        if (fault !== undefined) throw new Error(`the call ended badly: ${fault}`);
        expect(repeatedEffects()).toStrictEqual([]);
        for (const call of ledger.receipts.keys()) expect(ledger.charges.get(call)).toBe(1);
        const text = ((final.result as { content?: Array<{ text?: string }> } | undefined)?.content ?? [])[0]
          ?.text;
        const paid = paidCallOf(text ?? '');
        if (paid !== undefined)
          expect([ledger.charges.get(paid), ledger.receipts.get(paid)]).toStrictEqual([1, 1]);
      }),
      { seed: FUZZ_SEED, numRuns: Math.ceil(FUZZ_RUNS / 3) },
    );
  });

  it('still serves a whole call on the same session', async () => {
    resetLedger();
    const call = await session.post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1_000_000,
        method: 'tools/call',
        params: { name: 'pay', arguments: { amount: 5 } },
      }),
    );
    for (;;) {
      const message = await call.next();
      if (message === undefined) throw new Error('the call ended without its result');
      if (message.method === 'elicitation/create')
        await (await session.post(JSON.stringify(rightAnswer(message)))).rest();
      else if (message.id === 1_000_000) {
        expect(JSON.stringify(message.result)).toContain('Paid $5');
        break;
      }
    }
    expect(repeatedEffects()).toStrictEqual([]);
    expect([...ledger.charges.values()]).toStrictEqual([1]);
  });
});

/** Requests and notifications a 2025-11-25 client sends on its session, none of which asks anything. */
const SESSION_MESSAGES = [
  { jsonrpc: '2.0', id: 1, method: 'ping' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'quote', arguments: { amount: 5 } } },
  { jsonrpc: '2.0', id: 4, method: 'resources/list', params: { cursor: 'x' } },
  { jsonrpc: '2.0', id: 5, method: 'prompts/list' },
  { jsonrpc: '2.0', id: 6, method: 'logging/setLevel', params: { level: 'debug' } },
  { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, reason: 'gone' } },
  { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
];

describe('the 2025-11-25 wire under changed and damaged session messages', () => {
  let app: ElicitorApp;
  let url: string;
  let session: LegacySession;

  beforeAll(async () => {
    ({ app, url } = await startChargeApp());
    session = await LegacySession.open(url);
  });
  afterAll(() => app.close());

  it('answers each with a result, an acceptance or a client-fault error, and keeps the session', async () => {
    const message = fc.nat(SESSION_MESSAGES.length - 1).map((index) => SESSION_MESSAGES[index]!);
    await fc.assert(
      fc.asyncProperty(message, damage as Damage, async (original, { edits, text }) => {
        const changed = edits.reduce<unknown>((body, edit) => applyEdit(body as object, edit), original);
        const sent = text.reduce((body, edit) => applyTextEdit(body, edit), bodyText(changed));
        await expectAcceptable(await session.post(sent), sent);
      }),
      { seed: FUZZ_SEED + 8, numRuns: FUZZ_RUNS },
    );
    const quote = await session.post(JSON.stringify(SESSION_MESSAGES[2]));
    expect(JSON.stringify(await quote.rest())).toContain('Quote: $6');
  });
});
