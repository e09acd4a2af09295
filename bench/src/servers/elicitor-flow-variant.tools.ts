import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';
import { Max, Min } from 'class-validator';
import { FLOW_VARIANT_TOOL, MAX_FLOW_VARIANT_QUESTIONS, flowVariantKeys } from '../wire/flow-variants.js';
import { ANSWER_FIELD, questionFor } from '../wire/mcp-wire.js';

export class FlowVariantArgs {
  @Field({ description: 'How many questions to ask' })
  @Min(1)
  @Max(MAX_FLOW_VARIANT_QUESTIONS)
  questions!: number;
}

/** The flow of any length, written the way the two-question bench flow is. */
@Tools()
export class FlowVariantTools {
  @Tool({ name: FLOW_VARIANT_TOOL, description: 'Asks n questions, one per round, then completes' })
  async flowOfLength(@Args() args: FlowVariantArgs, @Ctx() ctx: Context): Promise<string> {
    const parts: string[] = [];
    for (const key of flowVariantKeys(args.questions)) {
      const answer = await ctx.elicit(
        key,
        ElicitRequestParams.form(questionFor(key)).withRequired(ANSWER_FIELD, 'string'),
      );
      parts.push(`${key}=${String(answer.content()?.[ANSWER_FIELD])}`);
    }
    return parts.join(' ');
  }
}
