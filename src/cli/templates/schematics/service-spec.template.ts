import type { SchematicNames } from '../../generate/schematic-names.builder.js';
import { appSpecTemplate } from './app-spec.template.js';

/** Resolves the service from the app's real module, with whatever it comes to depend on. */
export function serviceSpecTemplate(names: SchematicNames): string {
  return appSpecTemplate(
    names,
    [`import { ${names.className} } from './${names.kebab}.service.js';`],
    `  it('is provided by the app', () => {
    expect(client.app?.get(${names.className})).toBeInstanceOf(${names.className});
  });`,
  );
}
