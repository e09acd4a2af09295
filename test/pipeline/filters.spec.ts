import 'reflect-metadata';
import { injectable, inject } from 'inversify';
import { IsInt } from 'class-validator';
import {
  Args,
  Catch,
  Context,
  Ctx,
  ElicitRequestParams,
  Elicitor,
  McpProtocolError,
  Prompt,
  Tool,
  Tools,
  UrlElicitationRequiredError,
  Field,
  UseFilters,
  UserError,
} from 'elicitor';
import type { CallInfo, ExceptionFilter } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';

class PaymentDeclined extends Error {}
class CardExpired extends PaymentDeclined {}

const seen: string[] = [];

@Catch(PaymentDeclined)
class PaymentFilter implements ExceptionFilter<PaymentDeclined> {
  catch(error: PaymentDeclined, _ctx: Context, call: CallInfo) {
    seen.push(`payment:${call.name}`);
    return { content: [{ type: 'text', text: `Payment failed: ${error.message}` }], isError: true };
  }
}

@Catch(CardExpired)
class CardFilter implements ExceptionFilter<CardExpired> {
  catch(error: CardExpired) {
    seen.push('card');
    return { content: [{ type: 'text', text: `Card expired: ${error.message}` }], isError: true };
  }
}

@injectable()
@Catch()
class CatchAll implements ExceptionFilter {
  constructor(@inject(Context) private readonly context: Context) {}

  catch(error: unknown, ctx: Context) {
    seen.push(`all:${this.context === ctx ? 'same-context' : 'other-context'}`);
    return `Recovered from ${(error as Error).message}`;
  }
}

@Catch(RangeError)
class ToProtocolError implements ExceptionFilter<RangeError> {
  catch(error: RangeError): never {
    throw new McpProtocolError(-32602, `Out of range: ${error.message}`);
  }
}

class Quantity {
  @Field() @IsInt() count!: number;
}

@Tools()
@UseFilters(PaymentFilter)
class Shop {
  @Tool({ description: 'Takes a whole number' })
  order(@Args() args: Quantity): string {
    return `ordered ${args.count}`;
  }

  @Tool({ description: 'Class filter handles a subclass of its type' })
  pay(): string {
    throw new CardExpired('card 4242');
  }

  @Tool({ description: 'Method filter wins over the class filter' })
  @UseFilters(CardFilter)
  payWithCard(): string {
    throw new CardExpired('card 1111');
  }

  @Tool({ description: 'Falls to the global filter' })
  other(): string {
    throw new Error('disk full');
  }

  @Tool({ description: 'A filter that answers with a protocol error' })
  @UseFilters(ToProtocolError)
  ranged(): string {
    throw new RangeError('42');
  }

  @Tool({ description: 'Asks, and throws after the answer' })
  async asks(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('ok', ElicitRequestParams.form('OK?').withRequired('ok', 'boolean'));
    if (answer.action === 'accept') throw new PaymentDeclined('after asking');
    return 'no';
  }

  @Tool({ description: 'Needs a URL step' })
  needsUrl(): string {
    throw new UrlElicitationRequiredError([
      { mode: 'url', elicitationId: 'e1', url: 'https://pay.example/e1', message: 'Pay' },
    ] as never);
  }
}

describe('exception filters', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await TestClient.create({ tools: [Shop], filters: [CatchAll] });
  });
  afterAll(() => client.close());
  beforeEach(() => {
    seen.length = 0;
  });

  it('let a class filter handle the error types its @Catch names, subclasses included', async () => {
    const run = await client.callTool('pay');
    expect(run.result).toMatchObject({ content: [{ text: 'Payment failed: card 4242' }], isError: true });
    expect(seen).toStrictEqual(['payment:pay']);
  });

  it('ask the method level before the class level', async () => {
    expect((await client.callTool('pay_with_card')).text).toBe('Card expired: card 1111');
    expect(seen).toStrictEqual(['card']);
  });

  it('fall back to a global @Catch() filter built per request, and map what it returns', async () => {
    const run = await client.callTool('other');
    expect(run.result).toMatchObject({ content: [{ type: 'text', text: 'Recovered from disk full' }] });
    expect(run.result?.isError).toBeUndefined();
    expect(seen).toStrictEqual(['all:same-context']);
  });

  it('answer with the protocol error a filter throws', async () => {
    const run = await client.callTool('ranged');
    expect(run.error).toMatchObject({ code: -32602, message: 'Out of range: 42' });
  });

  it('never see the input-required signal, only the error after the answer', async () => {
    const run = await client.callTool('asks', {}, { answers: { ok: accept({ ok: true }) } });
    expect(run.rounds.map((round) => round.resultType)).toStrictEqual(['input_required', 'complete']);
    expect(run.text).toBe('Payment failed: after asking');
    expect(seen).toStrictEqual(['payment:asks']);
  });

  it('never see a URL elicitation: it becomes an input_required round', async () => {
    const run = await client.request('tools/call', { name: 'needs_url', arguments: {} });
    expect(run.body.result).toMatchObject({ resultType: 'input_required' });
    expect(seen).toStrictEqual([]);
  });

  it('never see the protocol errors Elicitor raises itself', async () => {
    const run = await client.request('tools/call', { name: 'order', arguments: { count: 'many' } });
    expect(run.body.error).toMatchObject({ code: -32602 });
    expect(seen).toStrictEqual([]);
  });
});

describe('the default filter', () => {
  it('keeps showing a UserError and hiding anything else, also for prompts', async () => {
    @Tools()
    class Plain {
      @Tool({ description: 'User error' })
      shown(): string {
        throw new UserError('Nothing to ship');
      }

      @Prompt({ description: 'Broken prompt' })
      broken(): string {
        throw new Error('secret detail');
      }
    }
    const client = await TestClient.create({
      tools: [Plain],
      logger: { error: () => {}, warn: () => {}, info: () => {} },
    });
    try {
      expect((await client.callTool('shown')).text).toBe('Nothing to ship');
      expect((await client.getPrompt('broken')).error).toMatchObject({
        code: -32603,
        message: 'Internal error',
      });
    } finally {
      await client.close();
    }
  });
});

describe('filter checks at bootstrap', () => {
  it('refuse a filter class without @Catch()', async () => {
    class NoCatch {
      catch(): string {
        return '';
      }
    }
    @Tools()
    class T {
      @Tool({ description: 'x' })
      @UseFilters(NoCatch)
      x(): string {
        return '';
      }
    }
    await expect(Elicitor.create({ name: 'x', version: '1', tools: [T] })).rejects.toThrow(
      'NoCatch is used as an exception filter but has no @Catch()',
    );
  });

  it('refuse something with no catch method', async () => {
    await expect(Elicitor.create({ name: 'x', version: '1', tools: [Shop], filters: [{}] })).rejects.toThrow(
      'is not an exception filter',
    );
  });
});
