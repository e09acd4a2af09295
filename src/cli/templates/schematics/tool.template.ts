import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function toolTemplate(names: SchematicNames): string {
  return `import { Ctx, Tool, Tools, type Context } from 'elicitor';

@Tools()
export class ${names.className} {
  @Tool({ description: 'Describe what ${names.camel} does' })
  async ${names.camel}(@Ctx() ctx: Context): Promise<string> {
    // Ask the user mid-call: await ctx.elicit('key', ElicitRequestParams.form('Question?').withSchema(SomeForm))
    return '${names.camel} done';
  }
}
`;
}
