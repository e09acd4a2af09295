import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** Boots the app's real module (its bootstrap check covers the interceptor), then runs it around a handler. */
export function interceptorSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import type { CallInfo } from 'elicitor';
import { TestClient } from 'elicitor/testing';
import { AppModule } from '${names.appModuleImport}';
import { ${names.className} } from './${names.kebab}.interceptor.js';

describe('${names.className}', () => {
  it('lets the app boot with it', async () => {
    const client = await TestClient.create(AppModule);
    await expect(client.close()).resolves.toBeUndefined();
  });

  it('passes the result of the call through', async () => {
    const call = { name: 'greet' } as CallInfo;

    await expect(new ${names.className}().intercept(call, async () => 'done')).resolves.toBe('done');
  });
});
`;
}
