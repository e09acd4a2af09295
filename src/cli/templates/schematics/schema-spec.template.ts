import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function schemaSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import { validate } from 'class-validator';
import { ${names.className} } from './${names.kebab}.schema.js';

describe('${names.className}', () => {
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
