import 'reflect-metadata';
import fc from 'fast-check';
import type { ElicitorApp } from 'elicitor';
import { ledger, paidCallOf, repeatedEffects, resetLedger, startChargeApp } from './wire-fuzz.tools.js';
import { racedCallProperty } from './raced-call.property.js';
import {
  FUZZ_SEED,
  FUZZ_RUNS,
  MODERN_HEADERS,
  applyEdit,
  applyTextEdit,
  bodyText,
  callBody,
  post,
  resultOf,
  structureEdit,
  tamperToken,
  textEdit,
  expectClientFaultsOnly,
} from './wire-fuzz.support.js';

const CONFIRM = { confirm: { action: 'accept', content: { ok: true } } };
const NOTE = { note: { action: 'accept', content: { note: 'fuzz' } } };
const ARGS = { amount: 5 };

type Body = ReturnType<typeof callBody>;

/** One whole valid call: its three bodies, sent once, so the call has charged and committed once. */
async function completedCall(url: string): Promise<{ bodies: Body[]; tag: string }> {
  const first = callBody({ name: 'pay', arguments: ARGS });
  const s1 = resultOf(await post(url, JSON.stringify(first)))!.requestState as string;
  const second = callBody({ name: 'pay', arguments: ARGS, requestState: s1, inputResponses: CONFIRM });
  const s2 = resultOf(await post(url, JSON.stringify(second)))!.requestState as string;
  const third = callBody({ name: 'pay', arguments: ARGS, requestState: s2, inputResponses: NOTE });
  const final = resultOf(await post(url, JSON.stringify(third)))!;
  const text = (final.content as Array<{ text: string }> | undefined)?.[0]?.text ?? '';
  const tag = paidCallOf(text);
  if (final.resultType !== 'complete' || tag === undefined)
    throw new Error(`the valid call did not complete: ${JSON.stringify(final)}`);
  return { bodies: [first, second, third], tag };
}

/** No call charged or committed twice, and the valid call charged and committed exactly once. */
function expectEffectsOnce(tag: string): void {
  expect(repeatedEffects()).toStrictEqual([]);
  expect([ledger.charges.get(tag), ledger.receipts.get(tag)]).toStrictEqual([1, 1]);
}

/**
 * Bodies changed at random, in their structure and in their text, and rounds replayed, raced and damaged,
 * against a real server over HTTP: every reply is a result or an error that names the client's fault, the
 * server keeps serving, and the payment's charge and receipt happen at most once per call.
 */
describe('the modern wire under changed, damaged and replayed input', () => {
  let app: ElicitorApp;
  let url: string;
  let corpus: Body[];
  let tag: string;

  beforeAll(async () => {
    ({ app, url } = await startChargeApp());
  });
  beforeEach(async () => {
    resetLedger();
    ({ bodies: corpus, tag } = await completedCall(url));
    expectEffectsOnce(tag);
  });
  afterAll(() => app.close());

  it('answers bodies changed in their structure with a result or a client-fault error, charging nothing more', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(2),
        fc.array(structureEdit, { minLength: 1, maxLength: 3 }),
        async (round, edits) => {
          const changed = edits.reduce<unknown>(
            (body, edit) => applyEdit(body as Body, edit),
            corpus[round]!,
          );
          const sent = bodyText(changed);
          expectClientFaultsOnly(await post(url, sent), sent);
          expectEffectsOnce(tag);
        },
      ),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers damaged text with a parse error or a valid reply, charging nothing more', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(2),
        fc.array(textEdit, { minLength: 1, maxLength: 3 }),
        async (round, edits) => {
          const sent = edits.reduce((text, edit) => applyTextEdit(text, edit), JSON.stringify(corpus[round]));
          const reply = await post(url, sent);
          expectClientFaultsOnly(reply, sent);
          let parses = true;
          try {
            JSON.parse(sent);
          } catch {
            parses = false;
          }
          if (!parses) expect(reply.messages[0]?.error).toMatchObject({ code: -32700 });
          expectEffectsOnce(tag);
        },
      ),
      { seed: FUZZ_SEED + 1, numRuns: FUZZ_RUNS },
    );
  });

  it('refuses every requestState changed in one character with -32602, running nothing again', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 }),
        fc.nat(),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ '),
        async (round, at, char) => {
          const body = structuredClone(corpus[round]!);
          const params = body.params as Record<string, unknown>;
          params.requestState = tamperToken(params.requestState as string, at, char);
          const sent = JSON.stringify(body);
          const reply = await post(url, sent);
          expectClientFaultsOnly(reply, sent);
          expect(reply.messages[0]?.error).toMatchObject({ code: -32602 });
          expectEffectsOnce(tag);
        },
      ),
      { seed: FUZZ_SEED + 2, numRuns: FUZZ_RUNS },
    );
  });

  it('answers changed transport headers with a result or a client-fault error', async () => {
    const header = fc.constantFrom(...Object.keys(MODERN_HEADERS));
    const value = fc.oneof(
      fc.constantFrom(
        '',
        'text/plain',
        '2025-11-25',
        '1999-01-01',
        'tools/list',
        'payAgain',
        'application/json',
      ),
      fc.string({ maxLength: 20 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
    );
    await fc.assert(
      fc.asyncProperty(fc.nat(2), header, fc.option(value), async (round, name, replacement) => {
        const headers = { ...MODERN_HEADERS };
        if (replacement === null) delete headers[name];
        else headers[name] = replacement;
        const sent = JSON.stringify(corpus[round]);
        expectClientFaultsOnly(await post(url, sent, headers), `${name}: ${String(replacement)} ${sent}`);
        expectEffectsOnce(tag);
      }),
      { seed: FUZZ_SEED + 3, numRuns: FUZZ_RUNS },
    );
  });

  it('charges and commits at most once per call whatever rounds are replayed, raced or damaged', async () => {
    await fc.assert(racedCallProperty([url]), { seed: FUZZ_SEED + 4, numRuns: Math.ceil(FUZZ_RUNS / 2) });
  });

  it('takes answers sent up front without a requestState as a new call each time, each charging once', async () => {
    resetLedger();
    const upFront = JSON.stringify(callBody({ name: 'pay', arguments: ARGS, inputResponses: CONFIRM }));
    for (const sent of [upFront, upFront]) {
      const asked = resultOf(await post(url, sent))!;
      expect(Object.keys(asked.inputRequests as object)).toStrictEqual(['note']);
    }
    expect([...ledger.charges.values()]).toStrictEqual([1, 1]);
    expect(repeatedEffects()).toStrictEqual([]);
  });

  it('still serves a whole call after all of it', async () => {
    resetLedger();
    expectEffectsOnce((await completedCall(url)).tag);
  });
});
