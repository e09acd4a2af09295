import { z } from 'zod';
import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';

export const NameForm = z
  .object({ name: z.string().min(1).max(80).meta({ title: 'Your name' }) })
  .meta({ title: 'NameForm' });

export const GreetArgs = z.object({ greeting: z.string().default('Hello') });

@Tools()
export class ZodGreetingTools {
  @Tool({ description: 'Greets you by name, asking for it first' })
  async greet(@Args(GreetArgs) args: z.output<typeof GreetArgs>, @Ctx() ctx: Context): Promise<string> {
    if (!ctx.clientCapabilities.elicitation) return `${args.greeting}, stranger!`;
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('What is your name?').withSchema(NameForm),
    );
    const form = answer.content();
    return form ? `${args.greeting}, ${form.name}!` : `${args.greeting}, stranger!`;
  }
}
