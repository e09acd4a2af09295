import { z } from 'zod';
import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { FLOW_VARIANT_TOOL, MAX_FLOW_VARIANT_QUESTIONS, flowVariantKeys } from '../wire/flow-variants.js';
import { ANSWER_FIELD, FLOW_KEYS, questionFor } from '../wire/mcp-wire.js';

const EchoArgs = z.object({ text: z.string().meta({ description: 'Text to echo back' }) });
const FlowVariantArgs = z.object({ questions: z.number().min(1).max(MAX_FLOW_VARIANT_QUESTIONS) });
/** Each question's form: the one required string field the class flow asks with `withRequired`. */
export const AnswerForm = z.object({ [ANSWER_FIELD]: z.string() });

/** The bench tools, arguments and forms declared with Zod instead of classes. */
@Tools()
export class ZodBenchTools {
  @Tool({ description: 'Echoes its text' })
  async echo(@Args(EchoArgs) args: z.output<typeof EchoArgs>): Promise<string> {
    return args.text;
  }

  @Tool({ description: 'Asks two questions, then completes' })
  async flow(@Ctx() ctx: Context): Promise<string> {
    return ask(ctx, FLOW_KEYS);
  }

  @Tool({ name: FLOW_VARIANT_TOOL, description: 'Asks n questions, one per round, then completes' })
  async flowOfLength(
    @Args(FlowVariantArgs) args: z.output<typeof FlowVariantArgs>,
    @Ctx() ctx: Context,
  ): Promise<string> {
    return ask(ctx, flowVariantKeys(args.questions));
  }
}

async function ask(ctx: Context, keys: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const key of keys) {
    const answer = await ctx.elicit(key, ElicitRequestParams.form(questionFor(key)).withSchema(AnswerForm));
    parts.push(`${key}=${String(answer.content()?.[ANSWER_FIELD])}`);
  }
  return parts.join(' ');
}
