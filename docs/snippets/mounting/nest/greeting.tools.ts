import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { NameForm } from '../../getting-started/greeting.tools.js';
import { GreetingsService } from './greetings.service.js';

@Tools()
export class NestGreetingTools {
  constructor(private readonly greetings: GreetingsService) {} // Nest's instance

  @Tool({ description: 'Greets you by name, asking for it first' })
  async greet(@Ctx() ctx: Context): Promise<string> {
    const form = (
      await ctx.elicit('name', ElicitRequestParams.form('What is your name?').withSchema(NameForm))
    ).content();
    return form ? this.greetings.greet(form.name) : 'Hello, stranger!';
  }
}
