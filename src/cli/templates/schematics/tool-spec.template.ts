import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function toolSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import { TestClient } from 'elicitor/testing';
import { ${names.className} } from './${names.kebab}.tool.js';

describe('${names.className}', () => {
  let client: TestClient;

  beforeEach(async () => {
    client = await TestClient.create({ tools: [${names.className}] });
  });

  afterEach(async () => {
    await client.close();
  });

  it('answers ${names.snake}', async () => {
    const run = await client.callTool('${names.snake}', {}, { answers: {} });

    expect(run.result?.content).toEqual([{ type: 'text', text: '${names.snake} done' }]);
  });
});
`;
}
