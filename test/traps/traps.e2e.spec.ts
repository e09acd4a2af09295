import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { connectClient, startHttpApp, textOf } from '../support/transports.js';
import { TrapTools } from './traps.fixture.js';

const logged: string[] = [];
const logger = {
  info: () => {},
  warn: (message: string) => logged.push(`warn: ${message}`),
  error: (message: string, error?: unknown) => logged.push(`error: ${message}: ${(error as Error)?.message}`),
};

describe.each(['modern', 'legacy'] as const)('the traps a new user falls into, on the %s wire', (era) => {
  let app: ElicitorApp;
  let client: Client;
  let asked: Array<Record<string, unknown>>;
  let answerWith: (() => Record<string, unknown>) | undefined;

  beforeAll(async () => {
    let url: string;
    ({ app, url } = await startHttpApp({ name: 'traps', version: '1', tools: [TrapTools], logger }));
    client = await connectClient(
      'http',
      { url, script: '' },
      {
        era,
        onElicit: (params) => {
          asked.push(params);
          return { action: 'accept', content: answerWith ? answerWith() : { ok: true } };
        },
      },
    );
  });
  beforeEach(() => {
    asked = [];
    logged.length = 0;
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const call = (name: string) => client.callTool({ name, arguments: {} });

  it('stops a question that changes every round, naming the key and the part, instead of asking forever', async () => {
    const result = await call('changing_question');
    if (era === 'legacy') {
      // Nothing re-runs on the push model: the one question is asked once and answered.
      expect(textOf(result)).toBe('consent: true');
      expect(asked).toHaveLength(1);
      return;
    }
    expect(result.isError).toBe(true);
    expect(asked).toHaveLength(2);
    expect(logged).toStrictEqual([
      'warn: the question under "consent" changed after the client answered it, so it is asked again; if it changes in every round, compute what varies inside ctx.memo',
      'error: tool changing_question failed: The question under "consent" changed again after the client answered it (the message changed), so it would be asked forever. A question must stay the same in every round of a call: compute what varies (a timestamp, a random OAuth state, a URL with a nonce) inside ctx.memo(...) so it is fixed for the whole call.',
    ]);
  });

  it('asks once when the varying part is computed inside memo', async () => {
    expect(textOf(await call('memoised_question'))).toBe('consent: true');
    expect(asked).toHaveLength(1);
    expect(logged).toStrictEqual([]);
  });

  it('refuses two different questions under one key at once', async () => {
    const result = await call('reused_key');
    expect(result.isError).toBe(true);
    expect(asked.map((params) => params.message)).toStrictEqual(['First?']);
    expect(logged).toStrictEqual([
      'error: tool reused_key failed: Two different questions were asked under the key "answer" in one call. A key names one question: give each question a key of its own.',
    ]);
  });

  it('refuses a question or a value under the key __proto__ at once, naming it', async () => {
    const message =
      'The key "__proto__" cannot name a question or a value: JavaScript objects read it as their prototype, so what is kept under it would be lost between rounds. Give it another name.';
    for (const tool of ['proto_key', 'proto_memo']) {
      const result = await call(tool);
      expect(result.isError).toBe(true);
    }
    expect(asked).toHaveLength(0);
    expect(logged).toStrictEqual([
      `error: tool proto_key failed: ${message}`,
      `error: tool proto_memo failed: ${message}`,
    ]);
  });

  it('answers the same question asked twice under one key with one answer', async () => {
    expect(textOf(await call('repeated_question'))).toBe('true true');
    expect(asked).toHaveLength(1);
  });

  it('refuses a memoised Map when it is memoised, naming the key and the path', async () => {
    const result = await call('memo_map');
    expect(result.isError).toBe(true);
    expect(asked).toHaveLength(0);
    expect(logged).toStrictEqual([
      'error: tool memo_map failed: ctx.memo("sizes") returned a Map, which comes back as a plain object at value.chosen. Values carried between rounds must be JSON (objects, arrays, strings, finite numbers, booleans, null) or a Date: convert it first (a Map with Object.fromEntries, a class instance to a plain object).',
    ]);
  });

  it('refuses a memoised BigInt, naming the key', async () => {
    expect((await call('memo_bigint')).isError).toBe(true);
    expect(logged[0]).toContain('ctx.memo("total") returned a bigint at value.');
  });

  it('returns a Date from memo and once, as a Date, in every round', async () => {
    expect(textOf(await call('memo_date'))).toBe(
      'true 2026-01-02T00:00:00.000Z 7 true 2026-01-03T00:00:00.000Z',
    );
  });

  it('refuses a class instance from once, naming the key', async () => {
    expect((await call('once_instance')).isError).toBe(true);
    expect(logged[0]).toContain(
      'ctx.once("receipt") returned a Receipt, which comes back as a plain object at value.',
    );
  });

  it('asks with choices given at run time and accepts only those', async () => {
    const replies = [{ colour: 'red' }, { colour: 'plum' }];
    const previous = asked;
    asked = [];
    answerWith = () => replies.shift()!;
    const result = await call('pick_colour');
    answerWith = undefined;
    expect(textOf(result)).toBe('picked plum');
    expect(
      asked.map((params) => (params.requestedSchema as { properties: unknown }).properties),
    ).toStrictEqual([
      { colour: { type: 'string', enum: ['teal', 'plum'] } },
      { colour: { type: 'string', enum: ['teal', 'plum'] } },
    ]);
    expect(String(asked[1]!.message)).toContain('colour must be one of: teal, plum');
    asked = previous;
  });
});
