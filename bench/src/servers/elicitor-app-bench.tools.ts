// The flow of any length with each question rendered by an MCP App where the client can: the app path
// beside the plain one, so its cost per question is counted against the same flow without an app.
import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools, UiResource } from 'elicitor';
import { FLOW_VARIANT_TOOL, flowVariantKeys } from '../wire/flow-variants.js';
import { ANSWER_FIELD, APP_QUESTION_URI, questionFor } from '../wire/mcp-wire.js';
import { FlowVariantArgs } from './elicitor-flow-variant.tools.js';

@UiResource({
  uri: APP_QUESTION_URI,
  name: 'Answer',
  html: '<!doctype html><html><head><title>Answer</title></head><body><main></main></body></html>',
})
export class AnswerUi {}

@Tools()
export class AppFlowTools {
  @Tool({
    name: FLOW_VARIANT_TOOL,
    description: 'Asks n questions through an app, one per round, then completes',
  })
  async flowOfLength(@Args() args: FlowVariantArgs, @Ctx() ctx: Context): Promise<string> {
    const parts: string[] = [];
    for (const key of flowVariantKeys(args.questions)) {
      const answer = await ctx.elicit(
        key,
        ElicitRequestParams.form(questionFor(key)).withRequired(ANSWER_FIELD, 'string').withApp(AnswerUi),
      );
      parts.push(`${key}=${String(answer.content()?.[ANSWER_FIELD])}`);
    }
    return parts.join(' ');
  }
}
