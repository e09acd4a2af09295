import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** Resolves the service from the app's real module, with whatever it comes to depend on. */
export function serviceSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import { TestClient } from 'elicitor/testing';
import { AppModule } from '${names.appModuleImport}';
import { ${names.className} } from './${names.kebab}.service.js';

describe('${names.className}', () => {
  let client: TestClient;

  beforeEach(async () => {
    client = await TestClient.create(AppModule);
  });

  afterEach(async () => {
    await client.close();
  });

  it('is provided by the app', () => {
    expect(client.app?.get(${names.className})).toBeInstanceOf(${names.className});
  });
});
`;
}
