import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** Pins the exact form the user is shown (`buildFormSchema`), then the rules checked on the answer. */
export function formSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import { validate } from 'class-validator';
import { buildFormSchema } from 'elicitor';
import { ${names.className} } from './${names.kebab}.form.js';

describe('${names.className}', () => {
  it('is the form the user is asked to fill in', () => {
    expect(buildFormSchema(${names.className})).toEqual({
      type: 'object',
      properties: {
        answer: {
          type: 'string',
          description: 'Replace with the fields you want to ask for',
          minLength: 1,
          maxLength: 200,
        },
      },
      required: ['answer'],
    });
  });

  it('accepts a filled-in answer', async () => {
    const form = Object.assign(new ${names.className}(), { answer: 'yes' });

    expect(await validate(form)).toHaveLength(0);
  });

  it('rejects an empty answer', async () => {
    const form = Object.assign(new ${names.className}(), { answer: '' });

    expect(await validate(form)).toHaveLength(1);
  });
});
`;
}
