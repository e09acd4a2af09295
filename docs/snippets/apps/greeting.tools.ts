import { Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import type { Context } from 'elicitor';

@Tools()
export class GreetingTools {
  @Tool({ description: 'Greets the user by name' })
  async greet(@Ctx() ctx: Context): Promise<string> {
    const question = ElicitRequestParams.form('Your name?').withRequired('name', 'string');
    const answer = await ctx.elicit('name', question);
    const name = String(answer.content()?.name ?? 'stranger');
    // True when this call's questions go through an app rather than a native form.
    return ctx.asksThroughApp ? `Hello ${name}, answered in the app` : `Hello ${name}`;
  }
}
