export function greeterToolTemplate(): string {
  return `import { Ctx, ElicitRequestParams, Tool, Tools, type Context } from 'elicitor';
import { GreetingService } from './greeting.service.js';
import { NameForm } from './name.form.js';

@Tools()
export class GreeterTools {
  constructor(private readonly greeting: GreetingService) {}

  @Tool({ description: 'Greets the user, asking for their name first' })
  async greet(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('name', ElicitRequestParams.form('What is your name?').withSchema(NameForm));
    const form = answer.content();
    if (!form) return 'Maybe next time!';
    return this.greeting.greet(form.name);
  }
}
`;
}
