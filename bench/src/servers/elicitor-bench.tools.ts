import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';
import { ANSWER_FIELD, FLOW_KEYS, questionFor } from '../wire/mcp-wire.js';

export class EchoArgs {
  @Field({ description: 'Text to echo back' }) text!: string;
}

/** The two bench tools written the Elicitor way. */
@Tools()
export class BenchTools {
  @Tool({ description: 'Echoes its text' })
  async echo(@Args() args: EchoArgs): Promise<string> {
    return args.text;
  }

  @Tool({ description: 'Asks two questions, then completes' })
  async flow(@Ctx() ctx: Context): Promise<string> {
    const [first, second] = FLOW_KEYS;
    const a = await ctx.elicit(
      first,
      ElicitRequestParams.form(questionFor(first)).withRequired(ANSWER_FIELD, 'string'),
    );
    const b = await ctx.elicit(
      second,
      ElicitRequestParams.form(questionFor(second)).withRequired(ANSWER_FIELD, 'string'),
    );
    return `${first}=${String(a.content()?.[ANSWER_FIELD])} ${second}=${String(b.content()?.[ANSWER_FIELD])}`;
  }
}
