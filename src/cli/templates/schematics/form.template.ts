import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function formTemplate(names: SchematicNames): string {
  return `import { Length } from 'class-validator';
import { ElicitSchema, Field } from 'elicitor';

/** A flat form: string, number, integer, boolean and enum fields only. */
@ElicitSchema()
export class ${names.className} {
  @Field({ description: 'Replace with the fields you want to ask for' })
  @Length(1, 200)
  answer!: string;
}
`;
}
