import 'reflect-metadata';
import { TestClient, accept } from 'elicitor/testing';
import { PaymentFlow, effects, resetEffects } from './payment-flow.fixture.js';

type Body = Record<string, unknown>;

describe('inputResponses handling', () => {
  let client: TestClient;
  let s1: string;

  const call = async (extra: Body): Promise<Body> =>
    (await client.request('tools/call', { name: 'pay', arguments: { amount: 5 }, ...extra })).body;

  beforeEach(async () => {
    resetEffects();
    client = await TestClient.create({ tools: [PaymentFlow], logger: { info() {}, warn() {}, error() {} } });
    s1 = ((await call({})).result as { requestState: string }).requestState;
  });
  afterEach(() => client.close());

  it.each([
    ['an array', []],
    ['a string', 'yes'],
    ['null', null],
  ])('refuses inputResponses that is %s with -32602', async (_label, value) => {
    const body = await call({ requestState: s1, inputResponses: value });
    expect((body.error as { code: number }).code).toBe(-32602);
    expect(effects.quotes).toBe(1);
  });

  it('refuses an answer of the wrong shape for its kind with -32602', async () => {
    const body = await call({ requestState: s1, inputResponses: { confirm: 12345 } });
    expect(body.error).toMatchObject({ code: -32602, message: expect.stringContaining('"confirm"') });
    const badAction = await call({ requestState: s1, inputResponses: { confirm: { action: 'maybe' } } });
    expect((badAction.error as { code: number }).code).toBe(-32602);
  });

  it('ignores unknown keys and asks again for a missing answer', async () => {
    const body = await call({ requestState: s1, inputResponses: { unrelated: { action: 'accept' } } });
    const result = body.result as { resultType: string; inputRequests: Record<string, unknown> };
    expect(result.resultType).toBe('input_required');
    expect(Object.keys(result.inputRequests)).toStrictEqual(['confirm']);
  });

  it('accepts answers only for keys asked in the previous round', async () => {
    const body = await call({
      requestState: s1,
      inputResponses: {
        confirm: { action: 'accept', content: { ok: true } },
        note: { action: 'accept', content: { note: 'early' } },
      },
    });
    const result = body.result as { resultType: string; inputRequests: Record<string, unknown> };
    expect(result.resultType).toBe('input_required');
    expect(Object.keys(result.inputRequests)).toStrictEqual(['note']);
  });

  it('never overwrites a settled answer', async () => {
    const run = await client.callTool(
      'pay',
      { amount: 5 },
      {
        answers: { confirm: accept({ ok: true }), note: accept({ note: 'first' }) },
      },
    );
    expect(run.text).toBe('Paid $6 as ch_1: first');
    const s2 = run.rounds[1]!;
    expect(s2.inputRequests.map((request) => request.key)).toStrictEqual(['note']);
  });

  it('reaches the handler with decline and cancel', async () => {
    const declined = await client.callTool(
      'pay',
      { amount: 5 },
      { answers: { confirm: { action: 'decline' } } },
    );
    expect(declined.text).toBe('Not paid.');
    const cancelled = await client.callTool(
      'pay',
      { amount: 5 },
      { answers: { confirm: { action: 'cancel' } } },
    );
    expect(cancelled.text).toBe('Not paid.');
    expect(effects.charges).toBe(0);
    expect(effects.receipts).toBe(0);
  });
});
