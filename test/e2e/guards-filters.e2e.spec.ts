import 'reflect-metadata';
import {
  Catch,
  Ctx,
  ForbiddenError,
  ElicitRequestParams,
  Prompt,
  Tool,
  Tools,
  UseFilters,
  UseGuards,
} from 'elicitor';
import type { CallInfo, CanActivate, Context, ElicitorApp, ExceptionFilter } from 'elicitor';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient, startHttpApp, textOf } from '../support/transports.js';

const checks: string[] = [];
const filtered: string[] = [];

/** Refuses anything whose name starts with "locked", and records every check. */
const lockGuard: CanActivate = {
  canActivate(_ctx: Context, call: CallInfo) {
    checks.push(call.name);
    return !call.name.startsWith('locked');
  },
};

class OutOfStock extends Error {}

@Catch()
class EverythingFilter implements ExceptionFilter {
  catch(error: unknown) {
    filtered.push(error instanceof Error ? error.constructor.name : typeof error);
    // Rethrown, a refusal gets the default treatment: its own message, or -32600 for a prompt.
    if (error instanceof ForbiddenError) throw error;
    return { content: [{ type: 'text', text: 'Something went wrong, try again later' }], isError: true };
  }
}

@Catch(OutOfStock)
class StockFilter implements ExceptionFilter<OutOfStock> {
  catch(error: OutOfStock) {
    filtered.push('stock');
    return `Sold out: ${error.message}`;
  }
}

@Tools()
@UseGuards(lockGuard)
class Store {
  @Tool({ description: 'Asks before buying, then finds it sold out' })
  @UseFilters(StockFilter)
  async buy(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'sure',
      ElicitRequestParams.form('Sure?').withRequired('sure', 'boolean'),
    );
    if (answer.action !== 'accept') return 'not bought';
    throw new OutOfStock('the last lamp went an hour ago');
  }

  @Tool({ description: 'Never allowed' })
  lockedTool(): string {
    return 'never';
  }

  @Prompt({ description: 'Never allowed either' })
  lockedPrompt(): string {
    return 'never';
  }

  @Tool({ description: 'Its guard tries to ask the user' })
  @UseGuards({
    canActivate: async (ctx: Context) => {
      const answer = await ctx.elicit('who', ElicitRequestParams.form('Who?').withRequired('name', 'string'));
      return answer.action === 'accept';
    },
  })
  askingGuard(): string {
    return 'never';
  }

  @Tool({ description: 'Fails unexpectedly' })
  broken(): string {
    throw new Error('database is down');
  }
}

describe.each(['modern', 'legacy'] as const)('guards and filters on the %s wire', (era) => {
  let app: ElicitorApp;
  let client: Client;

  beforeAll(async () => {
    const started = await startHttpApp({
      name: 'store',
      version: '1',
      tools: [Store],
      filters: [EverythingFilter],
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    app = started.app;
    client = await connectClient(
      'http',
      { url: started.url, script: '' },
      { era, onElicit: () => ({ action: 'accept', content: { sure: true } }) },
    );
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });
  beforeEach(() => {
    checks.length = 0;
    filtered.length = 0;
  });

  it('check the guard on every round and let the method filter answer, never seeing the signal', async () => {
    const result = await client.callTool({ name: 'buy', arguments: {} });
    expect(textOf(result)).toBe('Sold out: the last lamp went an hour ago');
    // Two rounds on the re-run model, one request with a pushed question on the 2025 wire.
    expect(checks).toStrictEqual(era === 'modern' ? ['buy', 'buy'] : ['buy']);
    expect(filtered).toStrictEqual(['stock']);
  });

  it('refuse a tool with an error result', async () => {
    const result = await client.callTool({ name: 'locked_tool', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('A guard refused tool locked_tool');
    expect(filtered).toStrictEqual(['ForbiddenError']);
  });

  it('refuse a prompt with a JSON-RPC invalid-request error', async () => {
    await expect(client.getPrompt({ name: 'locked_prompt' })).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('A guard refused prompt locked_prompt'),
    });
  });

  it('refuse to let a guard ask the user, the same way on both eras', async () => {
    const result = await client.callTool({ name: 'asking_guard', arguments: {} });
    expect(textOf(result)).toBe('Something went wrong, try again later');
    expect(checks).toStrictEqual(['asking_guard']);
    expect(filtered).toStrictEqual(['Error']);
  });

  it('send an unexpected error to the global catch-all', async () => {
    const result = await client.callTool({ name: 'broken', arguments: {} });
    expect(textOf(result)).toBe('Something went wrong, try again later');
    expect(filtered).toStrictEqual(['Error']);
  });
});
