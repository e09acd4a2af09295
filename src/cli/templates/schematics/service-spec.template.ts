import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function serviceSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import { Container } from 'inversify';
import { ${names.className} } from './${names.kebab}.service.js';

describe('${names.className}', () => {
  it('resolves from a container', () => {
    const container = new Container();
    container.bind(${names.className}).toSelf();

    expect(container.get(${names.className})).toBeInstanceOf(${names.className});
  });
});
`;
}
