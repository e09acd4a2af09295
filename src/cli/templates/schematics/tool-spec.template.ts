import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** Drives the tool through the app's real module, so a dependency added to the tool is provided here too. */
export function toolSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import { TestClient } from 'elicitor/testing';
import { AppModule } from '${names.appModuleImport}';

describe('${names.className}', () => {
  let client: TestClient;

  beforeEach(async () => {
    client = await TestClient.create(AppModule);
  });

  afterEach(async () => {
    await client.close();
  });

  it('answers ${names.snake}', async () => {
    const run = await client.callTool('${names.snake}', {}, { answers: {} });

    expect(run.result?.isError).toBeFalsy();
    expect(run.text).toBe('${names.snake} done');
  });
});
`;
}
