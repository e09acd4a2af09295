import type { SchematicNames } from '../../generate/schematic-names.builder.js';

export function toolSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import { TestClient } from 'elicitor/testing';
import { ${names.className} } from './${names.kebab}.tool.js';

describe('${names.className}', () => {
  it('answers ${names.camel}', async () => {
    const client = await TestClient.create({ tools: [${names.className}] });

    const run = await client.callTool('${names.camel}', {}, { answers: {} });

    expect(run.result.content).toEqual([{ type: 'text', text: '${names.camel} done' }]);
  });
});
`;
}
