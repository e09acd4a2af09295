import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpApp, textOf } from '../support/transports.js';
import { DeployTools, resetDeployEffects } from './deploy-task.fixture.js';

/**
 * The 2025-11-25 tasks are not served yet: a 2025 session must not be told a tool supports them, and calls
 * an optional task tool as a plain tool, with the push model.
 */
describe('task tools on a 2025-11-25 session (official client)', () => {
  let app: ElicitorApp;
  let client: Client;

  beforeAll(async () => {
    let url: string;
    ({ app, url } = await startHttpApp({ name: 'deployer', version: '1', tools: [DeployTools] }));
    client = await connectHttp(
      officialClient({
        era: 'legacy',
        onElicit: (params) =>
          String(params.message) === 'Release note'
            ? { action: 'accept', content: { note: 'pushed' } }
            : { action: 'accept', content: { ok: true } },
      }),
      url,
    );
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('lists the tools without task support and declares no tasks capability', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('deploy');
    for (const tool of tools) expect(tool).not.toHaveProperty('execution');
    expect(client.getServerCapabilities()).not.toHaveProperty('tasks');
  });

  it('calls an optional task tool like any other tool', async () => {
    resetDeployEffects();
    const result = await client.callTool({ name: 'deploy', arguments: { service: 'api' } });
    expect(textOf(result)).toBe('api deployed as release-1: pushed');
  });
});
