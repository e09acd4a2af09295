import 'reflect-metadata';
import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { MemoryStateStore, TestClient } from 'elicitor/testing';

type Body = Record<string, unknown>;
type Reply = { status: number; body: Body };

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

@Tools()
class PairTools {
  @Tool({ description: 'Asks two questions, then answers with both' })
  async pair(@Ctx() ctx: Context): Promise<string> {
    const first = await ctx.elicit('first', ElicitRequestParams.form('First?').withRequired('v', 'string'));
    const second = await ctx.elicit(
      'second',
      ElicitRequestParams.form('Second?').withRequired('v', 'string'),
    );
    return `${String(first.content()?.v)} ${String(second.content()?.v)}`;
  }
}

const resultOf = (reply: Reply) =>
  reply.body.result as { requestState?: string; content?: Array<{ text: string }> };
const answer = (key: string, v: string): Body => ({ [key]: { action: 'accept', content: { v } } });

describe('a finished call in the shared store', () => {
  let store: MemoryStateStore;
  let client: TestClient;
  beforeEach(async () => {
    store = new MemoryStateStore();
    client = await TestClient.create({ tools: [PairTools], store, logger: quiet });
  });
  afterEach(() => client.close());

  const round = (requestState?: string, inputResponses?: Body): Promise<Reply> =>
    client.request('tools/call', {
      name: 'pair',
      arguments: {},
      ...(requestState ? { requestState, inputResponses } : {}),
    });

  it('keeps only its final result: the answer pins go once the result is recorded', async () => {
    const s1 = resultOf(await round()).requestState!;
    const s2 = resultOf(await round(s1, answer('first', 'x'))).requestState!;
    const final = await round(s2, answer('second', 'y'));
    expect(resultOf(final).content).toStrictEqual([{ type: 'text', text: 'x y' }]);
    expect(store.size).toBe(1);
  });

  it('still answers an older branch with the recorded result, not a new decision', async () => {
    const s1 = resultOf(await round()).requestState!;
    const s2 = resultOf(await round(s1, answer('first', 'x'))).requestState!;
    await round(s2, answer('second', 'y'));
    const replayed = await round(s2, answer('second', 'other'));
    expect(resultOf(replayed).content).toStrictEqual([{ type: 'text', text: 'x y' }]);
  });
});

/** Refuses every delete, as a store that lost its connection between two writes would. */
class UndeletableStore extends MemoryStateStore {
  override delete(): Promise<void> {
    return Promise.reject(new Error('store unreachable'));
  }
}

describe('a finished call whose answer pins cannot be dropped', () => {
  it('still answers with its final result, and says the pins wait for their TTL', async () => {
    const warnings: string[] = [];
    const store = new UndeletableStore();
    const client = await TestClient.create({
      tools: [PairTools],
      store,
      logger: { ...quiet, warn: (message: string) => warnings.push(message) },
    });
    try {
      const round = (requestState?: string, inputResponses?: Body): Promise<Reply> =>
        client.request('tools/call', {
          name: 'pair',
          arguments: {},
          ...(requestState ? { requestState, inputResponses } : {}),
        });
      const s1 = resultOf(await round()).requestState!;
      const s2 = resultOf(await round(s1, answer('first', 'x'))).requestState!;
      const final = await round(s2, answer('second', 'y'));
      expect(resultOf(final).content).toStrictEqual([{ type: 'text', text: 'x y' }]);
      expect(warnings).toStrictEqual([
        'could not drop the answer pins of a finished call: Error: store unreachable',
      ]);
      // The recorded result and the pins that could not go.
      expect(store.size).toBe(2);
    } finally {
      await client.close();
    }
  });
});
