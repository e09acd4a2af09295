export function greeterToolTemplate(): string {
  return `import { Ctx, ElicitRequestParams, Tool, Tools, type Context } from 'elicitor';
import { NameForm } from './name.schema.js';

@Tools()
export class GreeterTools {
  @Tool({ description: 'Greets the user, asking for their name first' })
  async greet(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('name', ElicitRequestParams.form('What is your name?').withSchema(NameForm));
    const form = answer.content();
    if (!form) return 'Maybe next time!';
    return \`Hello, \${form.name}!\`;
  }
}
`;
}
