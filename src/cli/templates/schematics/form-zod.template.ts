import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** The form as a Zod schema: its title names it in errors and in `elicitor forms`. */
export function formZodTemplate(names: SchematicNames): string {
  return `import { z } from 'zod';

/** A flat form: string, number, integer, boolean and enum fields only. */
export const ${names.className} = z
  .object({
    answer: z.string().min(1).max(200).meta({ description: 'Replace with the fields you want to ask for' }),
  })
  .meta({ title: '${names.className}' });
`;
}
