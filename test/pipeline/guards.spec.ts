import 'reflect-metadata';
import { injectable, inject } from 'inversify';
import {
  Context,
  Ctx,
  Elicitor,
  ElicitRequestParams,
  ForbiddenError,
  Prompt,
  RequireScopes,
  Tool,
  Tools,
  UseGuards,
  UseInterceptors,
} from 'elicitor';
import type { AuthInfo, CallInfo, CanActivate, ElicitorApp } from 'elicitor';
import { TestClient, accept, testKeyring } from 'elicitor/testing';

const order: string[] = [];

function recordingGuard(name: string, allow = true): CanActivate {
  return {
    canActivate(_ctx: Context, call: CallInfo) {
      order.push(`${name}:${call.name}`);
      return allow;
    },
  };
}

@injectable()
class ContextGuard implements CanActivate {
  constructor(@inject(Context) private readonly context: Context) {}

  canActivate(ctx: Context): boolean {
    order.push(`context-guard:${this.context === ctx ? 'same-context' : 'other-context'}`);
    return true;
  }
}

@Tools()
@UseGuards(recordingGuard('class'))
@UseInterceptors({
  async intercept(_call: CallInfo, next: () => Promise<unknown>) {
    order.push('interceptor');
    return next();
  },
})
class Guarded {
  @Tool({ description: 'Guarded at every level' })
  @UseGuards(recordingGuard('method'), ContextGuard)
  ordered(): string {
    order.push('handler');
    return 'ok';
  }

  @Tool({ description: 'Refused by its method guard' })
  @UseGuards(recordingGuard('refuser', false))
  refused(): string {
    order.push('handler');
    return 'never';
  }

  @Prompt({ description: 'A refused prompt' })
  @UseGuards(recordingGuard('prompt-refuser', false))
  secretPrompt(): string {
    return 'never';
  }
}

describe('guards', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await TestClient.create({ tools: [Guarded], guards: [recordingGuard('global')] });
  });
  afterAll(() => client.close());
  beforeEach(() => {
    order.length = 0;
  });

  it('run global, then class, then method guards, before any interceptor and the handler', async () => {
    const run = await client.callTool('ordered');
    expect(run.text).toBe('ok');
    expect(order).toStrictEqual([
      'global:ordered',
      'class:ordered',
      'method:ordered',
      'context-guard:same-context',
      'interceptor',
      'handler',
    ]);
  });

  it('turn a refusal of a tool into an error result naming the guard, and run nothing else', async () => {
    const run = await client.callTool('refused');
    expect(run.result).toMatchObject({
      content: [{ type: 'text', text: 'A guard refused tool refused' }],
      isError: true,
    });
    expect(order).toStrictEqual(['global:refused', 'class:refused', 'refuser:refused']);
  });

  it('stop at the first refusal: later guards are not asked', async () => {
    const app = await TestClient.create({
      tools: [Guarded],
      guards: [recordingGuard('first', false), recordingGuard('second')],
    });
    try {
      const run = await app.callTool('ordered');
      expect(run.result?.isError).toBe(true);
      expect(order).toStrictEqual(['first:ordered']);
    } finally {
      await app.close();
    }
  });

  it('answer a refused prompt with a JSON-RPC invalid-request error, as a prompt has no error result', async () => {
    const run = await client.getPrompt('secret_prompt');
    expect(run.error).toStrictEqual({
      code: -32600,
      message: 'A guard refused prompt secret_prompt',
      data: { reason: 'forbidden' },
    });
  });
});

@Tools()
class Repo {
  static effects: string[] = [];

  @Tool({ description: 'Reads the repo' })
  @UseGuards(RequireScopes('repo:read'))
  readRepo(): string {
    return 'contents';
  }

  @Tool({ description: 'Publishes after a confirmation' })
  @UseGuards(RequireScopes('repo:read', 'repo:write'))
  async publish(@Ctx() ctx: Context): Promise<string> {
    await ctx.once('reserve', () => {
      Repo.effects.push(`reserve:${ctx.round}`);
    });
    const answer = await ctx.elicit('go', ElicitRequestParams.form('Publish?').withRequired('go', 'boolean'));
    await ctx.once('publish', () => {
      Repo.effects.push(`publish:${ctx.round}`);
    });
    ctx.onCommit(() => {
      Repo.effects.push('commit');
    });
    return answer.action === 'accept' ? 'published' : 'kept';
  }
}

const caller = (scopes: string[]): AuthInfo => ({
  token: 't',
  clientId: 'client-1',
  scopes,
  extra: { sub: 'ada' },
});

describe('RequireScopes', () => {
  let app: ElicitorApp;
  beforeAll(async () => {
    app = await Elicitor.create({
      name: 'repo',
      version: '1',
      tools: [Repo],
      requestState: { keys: testKeyring() },
    });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    Repo.effects = [];
  });

  it('allows a caller holding every scope', async () => {
    const run = await TestClient.forApp(app, { authInfo: caller(['repo:read']) }).callTool('read_repo');
    expect(run.text).toBe('contents');
  });

  it('names the missing scopes in its refusal', async () => {
    const run = await TestClient.forApp(app, { authInfo: caller(['repo:read']) }).callTool('publish');
    expect(run.result).toMatchObject({
      content: [{ type: 'text', text: 'Missing required scope(s): repo:write' }],
      isError: true,
    });
  });

  it('refuses a caller with no credentials at all', async () => {
    const run = await TestClient.forApp(app).callTool('read_repo');
    expect(run.text).toBe('Sign-in required: this call needs the scope(s) repo:read');
  });

  it('checks again on a resumed round: a revoked scope refuses it with no once effect or commit, and the call stays open', async () => {
    const full = TestClient.forApp(app, { authInfo: caller(['repo:read', 'repo:write']) });
    const revoked = TestClient.forApp(app, { authInfo: caller(['repo:read']) });
    const first = await full.request('tools/call', { name: 'publish', arguments: {} });
    const round1 = (first.body.result ?? {}) as Record<string, unknown>;
    expect(round1.resultType).toBe('input_required');
    expect(Repo.effects).toStrictEqual(['reserve:1']);
    const resume = {
      name: 'publish',
      arguments: {},
      requestState: round1.requestState,
      inputResponses: { go: accept({ go: true }) },
    };

    const refused = await revoked.request('tools/call', resume);
    expect(refused.body.result).toMatchObject({
      content: [{ type: 'text', text: 'Missing required scope(s): repo:write' }],
      isError: true,
    });
    expect(Repo.effects).toStrictEqual(['reserve:1']);

    // The refusal was not recorded as the call's outcome: given the scope back, the same round completes.
    const allowed = await full.request('tools/call', resume);
    expect((allowed.body.result as { content: Array<{ text: string }> }).content[0]!.text).toBe('published');
    expect(Repo.effects).toStrictEqual(['reserve:1', 'publish:2', 'commit']);

    // And a retried final round does not hand the stored result to a caller who lost the scope.
    const replayed = await revoked.request('tools/call', resume);
    expect((replayed.body.result as { isError?: boolean }).isError).toBe(true);
  });

  it('refuses to be built without scopes', () => {
    expect(() => RequireScopes()).toThrow('RequireScopes needs one or more non-empty scope names');
  });
});

describe('guards that throw', () => {
  it('let a ForbiddenError speak for itself and report any other error generically', async () => {
    @Tools()
    class Throwing {
      @Tool({ description: 'Refused with a reason' })
      @UseGuards({
        canActivate: () => {
          throw new ForbiddenError('Only maintainers may do this');
        },
      })
      reasoned(): string {
        return 'never';
      }

      @Tool({ description: 'Its guard fails' })
      @UseGuards({
        canActivate: () => Promise.reject(new Error('directory offline')),
      })
      broken(): string {
        return 'never';
      }
    }
    const logged: unknown[] = [];
    const client = await TestClient.create({
      tools: [Throwing],
      logger: { error: (_m: string, e?: unknown) => logged.push(e), warn: () => {}, info: () => {} },
    });
    try {
      expect((await client.callTool('reasoned')).text).toBe('Only maintainers may do this');
      const broken = await client.callTool('broken');
      expect(broken.text).toBe('An internal error occurred while running this tool');
      expect(broken.result?.isError).toBe(true);
      expect(logged).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});

describe('guard and filter classes at bootstrap', () => {
  @injectable()
  class Directory {
    has(): boolean {
      return true;
    }
  }

  @injectable()
  class InDirectory implements CanActivate {
    constructor(private readonly directory: Directory) {}

    canActivate(): boolean {
      return this.directory.has();
    }
  }

  @Tools()
  class Listed {
    @Tool({ description: 'Guarded by a class with a dependency' })
    @UseGuards(InDirectory)
    listed(): string {
      return 'listed';
    }
  }

  it('names a guard dependency no provider supplies, and builds the guard once it is provided', async () => {
    await expect(Elicitor.create({ name: 'x', version: '1', tools: [Listed] })).rejects.toThrow(
      'InDirectory (guard) cannot be built: it needs Directory (constructor parameter 1), which no provider supplies; add Directory to providers',
    );
    const client = await TestClient.create({ tools: [Listed], providers: [Directory] });
    try {
      expect((await client.callTool('listed')).text).toBe('listed');
    } finally {
      await client.close();
    }
  });
});
