import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Context } from '../context/context.js';
import { ElicitRequestParams } from '../context/elicitation-request.js';
import { Ctx } from '../decorators/ctx.decorator.js';
import { Tool } from '../decorators/tool.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import { TestClient } from '../testing/test-client.js';

@Tools()
class AskingTools {
  @Tool({ description: 'Asks for a name' })
  async greet(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'user_name',
      ElicitRequestParams.form('What is your name?').withRequired('name', 'string'),
    );
    return answer.map((form) => `Hello, ${String(form.name)}!`) ?? `no name (${answer.action})`;
  }

  @Tool({ description: 'Asks the model, then for a name' })
  async twoSteps(@Ctx() ctx: Context): Promise<string> {
    const sample = await ctx.sample('topic', {
      messages: [{ role: 'user', content: { type: 'text', text: 'Pick a topic' } }],
      maxTokens: 5,
    });
    const answer = await ctx.elicit(
      'user_name',
      ElicitRequestParams.form('What is your name?').withRequired('name', 'string'),
    );
    return `${String(answer.content()?.name)} on ${sample.content.type === 'text' ? sample.content.text : '?'}`;
  }
}

const ACCEPT_ALICE = { action: 'accept', content: { name: 'Alice' } };

/** A client may answer on the first request, without a requestState (the conformance suite does). */
describe('answers that arrive without a requestState', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await TestClient.create({ tools: [AskingTools], logger: { info() {}, warn() {}, error() {} } });
  });
  afterAll(() => client.close());

  const call = (name: string, inputResponses: unknown) =>
    client.request('tools/call', { name, arguments: {}, inputResponses });

  it('are used for the keys the handler asks, and unknown keys are ignored', async () => {
    const { body } = await call('greet', {
      user_name: ACCEPT_ALICE,
      something_else: { action: 'accept', content: { x: 1 } },
    });
    expect(body.result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'Hello, Alice!' }],
    });
  });

  it('ask again under a key nobody answered', async () => {
    const { body } = await call('greet', { wrong_key: ACCEPT_ALICE });
    expect(body.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { user_name: { method: 'elicitation/create' } },
    });
  });

  it('are validated against the form like any answer', async () => {
    const { body } = await call('greet', { user_name: { action: 'accept', content: { name: 42 } } });
    expect(body.result).toMatchObject({ resultType: 'input_required' });
  });

  it('of the wrong shape for the question asked are refused with -32602', async () => {
    expect((await call('greet', { user_name: 12345 })).body.error).toMatchObject({ code: -32602 });
    expect((await call('greet', { user_name: { roots: [] } })).body.error).toMatchObject({ code: -32602 });
    expect((await call('two_steps', { topic: ACCEPT_ALICE })).body.error).toMatchObject({ code: -32602 });
    expect((await call('greet', null)).body.error).toMatchObject({ code: -32602 });
  });

  it('carry over into the sealed state of the next round', async () => {
    const sampled = { role: 'assistant', content: { type: 'text', text: 'owls' }, model: 'm' };
    const first = await call('two_steps', { topic: sampled });
    const round = first.body.result as { resultType: string; inputRequests: object; requestState: string };
    expect(round.resultType).toBe('input_required');
    expect(Object.keys(round.inputRequests)).toStrictEqual(['user_name']);
    const { body } = await client.request('tools/call', {
      name: 'two_steps',
      arguments: {},
      inputResponses: { user_name: ACCEPT_ALICE },
      requestState: round.requestState,
    });
    expect(body.result).toMatchObject({ resultType: 'complete', content: [{ text: 'Alice on owls' }] });
  });
});
