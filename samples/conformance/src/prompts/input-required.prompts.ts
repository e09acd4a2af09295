import { Context, Ctx, ElicitRequestParams, Prompt, Tools } from 'elicitor';
import { PromptContextForm } from '../forms/prompt-context.form.js';

/** A prompt can stop to ask too: on 2026-07-28 `prompts/get` answers `input_required` first. */
@Tools()
export class InputRequiredPrompts {
  @Prompt({
    name: 'test_input_required_result_prompt',
    description: 'Asks which context to use, then renders the prompt',
  })
  async inputRequiredPrompt(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'user_context',
      ElicitRequestParams.form('What context should the prompt use?').withSchema(PromptContextForm),
    );
    return `Use this context: ${answer.content()?.context ?? '(none given)'}`;
  }
}
