import 'reflect-metadata';
import {
  Context,
  Ctx,
  ElicitRequestParams,
  Prompt,
  Resource,
  Tool,
  Tools,
  UrlElicitationRequiredError,
  UserError,
  isInputRequired,
} from 'elicitor';

export const calls = { memo: 0, once: 0, commits: 0, handler: 0 };

export function resetCalls(): void {
  Object.assign(calls, { memo: 0, once: 0, commits: 0, handler: 0 });
}

/** Prompts, resources, sampling, roots, URL mode and failure paths of the re-run model. */
@Tools()
export class BeyondTools {
  static failMemo = false;
  static failOnce = false;
  static failCommit = false;

  @Prompt({ description: 'A prompt that asks for context first' })
  async briefing(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'topic',
      ElicitRequestParams.form('Which topic?').withRequired('topic', 'string'),
    );
    return `Brief me on ${String(answer.content()?.topic)}`;
  }

  @Resource({ uriTemplate: 'notes://{id}', name: 'note', mimeType: 'text/plain' })
  async note(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'unlock',
      ElicitRequestParams.form('Unlock the note?').withRequired('ok', 'boolean'),
    );
    return answer.content()?.ok ? `note ${ctx.target.name}` : 'locked';
  }

  @Tool({ description: 'Asks the model, then the roots' })
  async research(@Ctx() ctx: Context): Promise<string> {
    const reply = await ctx.sample('capital', {
      messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }],
      maxTokens: 20,
    });
    const roots = await ctx.listRoots('roots');
    const text = (reply.content as { text?: string }).text;
    return `${text} / ${roots.roots.map((root) => root.uri).join(',')}`;
  }

  @Tool({ description: 'Needs an out-of-band step' })
  async connect(): Promise<string> {
    throw new UrlElicitationRequiredError([
      { key: 'oauth', url: 'https://example.com/oauth', message: 'Sign in' },
    ]);
  }

  @Tool({ description: 'Memo, once and commit with switchable failures' })
  async effects(@Ctx() ctx: Context): Promise<string> {
    calls.handler++;
    await ctx.memo('m', () => {
      calls.memo++;
      if (BeyondTools.failMemo) throw new UserError('memo failed');
      return 1;
    });
    await ctx.once('o', () => {
      calls.once++;
      if (BeyondTools.failOnce) throw new UserError('once failed');
      return 1;
    });
    ctx.onCommit(() => {
      if (BeyondTools.failCommit) throw new UserError('commit failed');
      calls.commits++;
    });
    const go = await ctx.elicit('go', ElicitRequestParams.form('Go?').withRequired('go', 'boolean'));
    if (!go.content()?.go) throw new UserError('stopped');
    return 'done';
  }

  @Tool({ description: 'Forgets the replay key' })
  async keyless(@Ctx() ctx: Context): Promise<string> {
    await ctx.elicit(ElicitRequestParams.form('Hi?'));
    return 'unreachable';
  }

  @Tool({ description: 'Swallows the input-required signal (wrongly), or rethrows it (rightly)' })
  async careless(@Ctx() ctx: Context): Promise<string> {
    try {
      await ctx.elicit('q', ElicitRequestParams.form('Q?').withRequired('a', 'string'));
      return 'answered';
    } catch (error) {
      if (isInputRequired(error) && ctx.clientCapabilities.roots) throw error;
      return 'swallowed';
    }
  }

  @Tool({ description: 'Takes another path when the client cannot do URL mode' })
  async adaptive(@Ctx() ctx: Context): Promise<string> {
    const payment = ElicitRequestParams.url('https://example.com/pay', 'Pay');
    if (!ctx.clientCapabilities.elicitation?.allows(payment)) return 'Pay at the counter instead.';
    const answer = await ctx.elicit('pay', payment);
    return `payment ${answer.action}`;
  }
}
