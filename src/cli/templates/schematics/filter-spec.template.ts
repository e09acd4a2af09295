import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** Boots the app's real module (its bootstrap check covers the filter), then hands the filter an error. */
export function filterSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import type { CallInfo, Context } from 'elicitor';
import { TestClient } from 'elicitor/testing';
import { AppModule } from '${names.appModuleImport}';
import { ${names.className}, ${names.pascal}Error } from './${names.kebab}.filter.js';

describe('${names.className}', () => {
  it('lets the app boot with it', async () => {
    const client = await TestClient.create(AppModule);
    await expect(client.close()).resolves.toBeUndefined();
  });

  it('turns the error into an error result naming the tool', () => {
    const ctx = {} as Context;
    const call = { name: 'greet' } as CallInfo;

    expect(new ${names.className}().catch(new ${names.pascal}Error('out of stock'), ctx, call)).toEqual({
      content: [{ type: 'text', text: 'greet failed: out of stock' }],
      isError: true,
    });
  });
});
`;
}
