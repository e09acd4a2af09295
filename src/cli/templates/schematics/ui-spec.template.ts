import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/**
 * Checks the app as a host sees it: it reads back as an MCP App, a question that names it carries it to a
 * host that renders apps and completes with the app's answer, and every other client gets the plain form.
 */
export function uiSpecTemplate(names: SchematicNames): string {
  const ui = names.className;
  return `import 'reflect-metadata';
import { Ctx, ElicitRequestParams, MCP_APP_MIME_TYPE, Tool, Tools, type Context } from 'elicitor';
import { TestClient, accept, fromApp } from 'elicitor/testing';
import { ${ui} } from './${names.kebab}.ui.js';

/** Asks one question with the app and shows the answer with it. */
@Tools()
class ${ui}Probe {
  @Tool({ description: 'Asks with ${ui}', ui: ${ui} })
  async ask(@Ctx() ctx: Context): Promise<string> {
    const question = ElicitRequestParams.form('Pick one').withRequired('choice', 'string').withApp(${ui});
    const answer = await ctx.elicit('choice', question);
    return JSON.stringify(answer.content() ?? null);
  }
}

describe('${ui}', () => {
  let client: TestClient;

  beforeEach(async () => {
    client = await TestClient.create({ tools: [${ui}Probe], ui: [${ui}] });
  });

  afterEach(() => client.close());

  it('reads back as an MCP App: a complete HTML document', async () => {
    const app = await client.readApp('ui://${names.kebab}');

    expect(app.mimeType).toBe(MCP_APP_MIME_TYPE);
    expect(app.html).toMatch(/^<!doctype html>/i);
  });

  it('renders the question for a host that renders apps, and completes with its answer', async () => {
    const run = await client.callTool(
      'ask',
      {},
      { apps: true, answers: { choice: fromApp('ui://${names.kebab}', { choice: 'b' }) } },
    );

    expect(JSON.parse(run.text)).toEqual({ choice: 'b' });
  });

  it('asks every other client the plain form', async () => {
    const run = await client.callTool('ask', {}, { answers: { choice: accept({ choice: 'a' }) } });

    expect(run.rounds[0]!.inputRequests[0]!.app).toBeUndefined();
    expect(JSON.parse(run.text)).toEqual({ choice: 'a' });
  });
});
`;
}
