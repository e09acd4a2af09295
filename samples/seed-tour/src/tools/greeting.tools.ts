import { Length } from 'class-validator';
import { Context, Ctx, ElicitRequestParams, ElicitSchema, Field, Tool, Tools } from 'elicitor';
import { Contact } from '../forms/contact.form.js';

@ElicitSchema()
class NameForm {
  @Field({ title: 'Your name' }) @Length(1, 80) name!: string;
}

@Tools()
export class GreetingTools {
  @Tool({ description: 'Greets you by name; asks for it when the client can show a form' })
  async greet(@Ctx() ctx: Context): Promise<string> {
    const elicitation = ctx.clientCapabilities.elicitation;
    if (!elicitation?.form) return 'Hello, stranger!';
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('What is your name?').withSchema(NameForm),
    );
    return answer.map((form) => `Hello, ${form.name}!`) ?? 'Hello, stranger!';
  }

  @Tool({ description: 'Makes a business card from a contact form' })
  async generateBusinessCard(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'contact',
      ElicitRequestParams.form('Please fill in your contact details').withSchema(Contact),
    );
    const contact = answer.content();
    if (!contact) return `No business card: you chose to ${answer.action}.`;
    return [
      `┌──────────────────────────────┐`,
      `  ${contact.name} (${contact.age})`,
      `  ${contact.email}`,
      `└──────────────────────────────┘`,
    ].join('\n');
  }

  @Tool({ description: 'Collects a name and an email; the reply depends on what you do with the form' })
  async collectContact(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'contact',
      ElicitRequestParams.form('Who should we contact?')
        .withRequired('name', 'string')
        .withRequired('email', { type: 'string', format: 'email' }),
    );
    switch (answer.action) {
      case 'accept':
        return `Thanks ${String(answer.content()!.name)}, we will write to ${String(answer.content()!.email)}.`;
      case 'decline':
        return 'No problem, we will not contact you.';
      default:
        return 'Cancelled: nothing was saved.';
    }
  }
}
