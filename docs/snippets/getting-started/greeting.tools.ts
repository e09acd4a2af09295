import { Length } from 'class-validator';
import { Context, Ctx, ElicitRequestParams, ElicitSchema, Field, Tool, Tools } from 'elicitor';

@ElicitSchema()
export class NameForm {
  @Field({ title: 'Your name' }) @Length(1, 80) name!: string;
}

@Tools()
export class GreetingTools {
  @Tool({ description: 'Greets you by name, asking for it first' })
  async greet(@Ctx() ctx: Context): Promise<string> {
    if (!ctx.clientCapabilities.elicitation) return 'Hello, stranger!';
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('What is your name?').withSchema(NameForm),
    );
    const form = answer.content();
    return form ? `Hello, ${form.name}!` : 'Hello, stranger!';
  }
}
