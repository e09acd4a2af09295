import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** The tool with Zod arguments: the handler gets the schema's output, typed with `z.output`. */
export function toolZodTemplate(names: SchematicNames): string {
  const args = `${names.className}Args`;
  return `import { z } from 'zod';
import { Args, Ctx, Tool, Tools, type Context } from 'elicitor';

export const ${args} = z.object({
  note: z.string().max(200).default('').meta({ description: 'Replace with the arguments the tool takes' }),
});

@Tools()
export class ${names.className} {
  @Tool({ description: 'Describe what ${names.snake} does' })
  async ${names.camel}(@Args(${args}) args: z.output<typeof ${args}>, @Ctx() ctx: Context): Promise<string> {
    // Ask the user mid-call: await ctx.elicit('key', ElicitRequestParams.form('Question?').withSchema(SomeForm))
    return args.note ? \`${names.snake} done: \${args.note}\` : '${names.snake} done';
  }
}
`;
}
