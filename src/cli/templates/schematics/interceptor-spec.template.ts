import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** Runs a probe tool inside the app's real module, so the interceptor is built as the app builds it. */
export function interceptorSpecTemplate(names: SchematicNames): string {
  return `import 'reflect-metadata';
import { Tool, Tools } from 'elicitor';
import { TestClient } from 'elicitor/testing';
import { appModule } from '${names.appModuleImport}';
import { ${names.className} } from './${names.kebab}.interceptor.js';

@Tools()
class ProbeTools {
  @Tool({ description: 'Returns a known value for the interceptor to pass through' })
  probe(): string {
    return 'done';
  }
}

describe('${names.className}', () => {
  let client: TestClient;

  beforeEach(async () => {
    client = await TestClient.create({ ...appModule, tools: [...appModule.tools, ProbeTools] });
  });

  afterEach(async () => {
    await client.close();
  });

  it('is registered and passes the result of a call through', async () => {
    expect(appModule.interceptors).toContain(${names.className});

    const run = await client.callTool('probe');

    expect(run.text).toBe('done');
  });
});
`;
}
