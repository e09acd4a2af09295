import 'reflect-metadata';
import { injectable, inject } from 'inversify';
import {
  Context,
  Ctx,
  ElicitSchema,
  Elicitor,
  ElicitRequestParams,
  Field,
  SchemaDefinitionError,
  isInputRequired,
  Tool,
  Tools,
  UseInterceptors,
} from 'elicitor';
import type { CallInfo, ElicitorInterceptor } from 'elicitor';
import { TestClient, accept, testKeyring, withModernMeta } from 'elicitor/testing';

const order: string[] = [];

function recorder(name: string): ElicitorInterceptor {
  return {
    async intercept(_call: CallInfo, next: () => Promise<unknown>) {
      order.push(`${name}:before`);
      const result = await next();
      order.push(`${name}:after`);
      return result;
    },
  };
}

@injectable()
class RequestAwareInterceptor implements ElicitorInterceptor {
  constructor(@inject(Context) private readonly context: Context) {}

  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    order.push(`request-aware:${this.context === call.context ? 'same-context' : 'other-context'}`);
    return next();
  }
}

@injectable()
class ShoutInterceptor implements ElicitorInterceptor {
  async intercept(_call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const value = await next();
    return typeof value === 'string' ? value.toUpperCase() : value;
  }
}

@Tools()
@UseInterceptors(recorder('class'))
class Ordered {
  @Tool({ description: 'Runs inside every interceptor level' })
  @UseInterceptors(recorder('method'), RequestAwareInterceptor)
  placeOrder(): string {
    order.push('handler');
    return 'ok';
  }

  @Tool({ name: 'shout', description: 'Sees its raw return value changed by an interceptor' })
  @UseInterceptors(ShoutInterceptor)
  quiet(): string {
    return 'hello';
  }
}

describe('interceptor chain', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await TestClient.create({ tools: [Ordered], interceptors: [recorder('global')] });
  });
  afterAll(() => client.close());
  beforeEach(() => {
    order.length = 0;
  });

  it('runs global, then class, then method interceptors around the handler', async () => {
    const run = await client.callTool('place_order');
    expect(run.text).toBe('ok');
    expect(order).toStrictEqual([
      'global:before',
      'class:before',
      'method:before',
      'request-aware:same-context',
      'handler',
      'method:after',
      'class:after',
      'global:after',
    ]);
  });

  it('lets an interceptor change the raw value before it becomes a result', async () => {
    expect((await client.callTool('shout')).text).toBe('HELLO');
  });
});

/** What a user interceptor saw of each round: the signal as a rejection, or a value. */
const seen: string[] = [];
const committed: string[] = [];

const watcher: ElicitorInterceptor = {
  async intercept(_call: CallInfo, next: () => Promise<unknown>) {
    try {
      const value = await next();
      seen.push(`value:${String(value)}`);
      return value;
    } catch (error) {
      seen.push(isInputRequired(error) ? 'input-required' : 'error');
      throw error;
    }
  },
};

@Tools()
class Asking {
  @Tool({ description: 'Queues a commit, then asks twice' })
  @UseInterceptors(watcher)
  async confirm(@Ctx() ctx: Context): Promise<string> {
    ctx.onCommit(() => void committed.push('sent'));
    const first = await ctx.elicit('first', ElicitRequestParams.form('First?').withRequired('v', 'string'));
    const second = await ctx.elicit(
      'second',
      ElicitRequestParams.form('Second?').withRequired('v', 'string'),
    );
    return `${String(first.content()?.v)}/${String(second.content()?.v)}`;
  }
}

describe('a round that needs input, seen from a user interceptor', () => {
  it('sees the signal as a rejection in each asking round, and the commit runs once, at the end', async () => {
    const client = await TestClient.create({ tools: [Asking] });
    try {
      const run = await client.callTool(
        'confirm',
        {},
        { answers: { first: accept({ v: 'a' }), second: accept({ v: 'b' }) } },
      );
      expect(run.rounds).toHaveLength(3);
      expect(run.rounds.map((round) => round.resultType)).toStrictEqual([
        'input_required',
        'input_required',
        'complete',
      ]);
      expect(run.text).toBe('a/b');
      expect(seen).toStrictEqual(['input-required', 'input-required', 'value:a/b']);
      expect(committed).toStrictEqual(['sent']);
    } finally {
      await client.close();
    }
  });
});

describe('catalogue checks at bootstrap', () => {
  it('refuses two tools with the same name, naming both', async () => {
    @Tools()
    class First {
      @Tool({ description: 'a' })
      lookUp(): string {
        return '';
      }
    }
    @Tools()
    class Second {
      @Tool({ name: 'look_up', description: 'b' })
      find(): string {
        return '';
      }
    }
    await expect(Elicitor.create({ name: 'x', version: '1', tools: [First, Second] })).rejects.toThrow(
      'Second.find: tool name "look_up" is already used by First.lookUp',
    );
  });

  it('refuses a class without @Tools()', async () => {
    class Plain {}
    await expect(Elicitor.create({ name: 'x', version: '1', tools: [Plain] })).rejects.toBeInstanceOf(
      SchemaDefinitionError,
    );
  });

  it('builds the listed forms at bootstrap and names a bad property', async () => {
    @ElicitSchema()
    class Address {
      @Field() street!: string;
      @Field() location!: object;
    }
    await expect(
      Elicitor.create({ name: 'x', version: '1', tools: [Ordered], forms: [Address] }),
    ).rejects.toThrow(/Address\.location/);
  });
});

describe('HTTP authentication', () => {
  it('answers 401 when authenticate refuses, and passes the principal on when it accepts', async () => {
    @Tools()
    class WhoAmI {
      @Tool({ description: 'Says who is calling' })
      whoAmI(@Ctx() ctx: Context): string {
        return ctx.principal ?? 'nobody';
      }
    }
    const app = await Elicitor.create({
      name: 'x',
      version: '1',
      tools: [WhoAmI],
      requestState: { keys: testKeyring() },
    });
    const { url } = await app.listen({
      http: {
        port: 0,
        authenticate: (request) => {
          if (request.headers.authorization !== 'Bearer good') throw new Error('no token');
          return { token: 'good', clientId: 'client-7', scopes: [], extra: { sub: 'ada' } };
        },
      },
    });
    try {
      const refused = await fetch(url!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(refused.status).toBe(401);
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: withModernMeta({ name: 'who_am_i', arguments: {} }, {}),
      });
      const accepted = await fetch(url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: 'Bearer good',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'who_am_i',
        },
        body,
      });
      const reply = (await accepted.json()) as { result: { content: Array<{ text: string }> } };
      expect(reply.result.content[0]!.text).toBe('ada');
    } finally {
      await app.close();
    }
  });
});
