import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** Boots the app's real module (its bootstrap check covers the guard), then asks the guard directly. */
export function guardSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import type { CallInfo, Context } from 'elicitor';
import { TestClient } from 'elicitor/testing';
import { AppModule } from '${names.appModuleImport}';
import { ${names.className} } from './${names.kebab}.guard.js';

describe('${names.className}', () => {
  it('lets the app boot with it', async () => {
    const client = await TestClient.create(AppModule);
    await expect(client.close()).resolves.toBeUndefined();
  });

  it('lets a call through', async () => {
    const ctx = { principal: undefined } as unknown as Context;
    const call = { name: 'greet' } as CallInfo;

    expect(await new ${names.className}().canActivate(ctx, call)).toBe(true);
  });
});
`;
}
