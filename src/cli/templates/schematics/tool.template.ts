import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** The tool is named after the method in snake_case: `${names.snake}`. */
export function toolTemplate(names: SchematicNames): string {
  return `import { Ctx, Tool, Tools, type Context } from 'elicitor';

@Tools()
export class ${names.className} {
  @Tool({ description: 'Describe what ${names.snake} does' })
  async ${names.camel}(@Ctx() ctx: Context): Promise<string> {
    // Ask the user mid-call: await ctx.elicit('key', ElicitRequestParams.form('Question?').withSchema(SomeForm))
    return '${names.snake} done';
  }
}
`;
}
