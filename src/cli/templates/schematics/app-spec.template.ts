import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/**
 * A spec that runs against the app's real module, so whatever the generated class comes to depend on is
 * provided there too. `extraImports` are whole import lines; `test` is the indented `it(...)` block.
 */
export function appSpecTemplate(
  names: SchematicNames,
  extraImports: readonly string[],
  test: string,
): string {
  return `import 'reflect-metadata';
import { TestClient } from 'elicitor/testing';
import { appModule } from '${names.appModuleImport}';
${extraImports.map((line) => `${line}\n`).join('')}
describe('${names.className}', () => {
  let client: TestClient;

  beforeEach(async () => {
    client = await TestClient.create(appModule);
  });

  afterEach(async () => {
    await client.close();
  });

${test}
});
`;
}
