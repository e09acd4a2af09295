import 'reflect-metadata';
import { MCP_APP_MIME_TYPE } from 'elicitor';
import { TestClient, accept, fromApp } from 'elicitor/testing';
import { AppsModule } from '../fixtures/apps-app/src/apps.module.js';

describe('TestClient as a host that renders MCP Apps', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await TestClient.create(AppsModule);
  });
  afterAll(() => client.close());

  it('sees the question’s app, reads it, and answers as the app would', async () => {
    const run = await client.callTool(
      'pick_seat',
      {},
      { apps: true, answers: { seat: fromApp('ui://seats/picker', { seat: '2A' }) } },
    );
    expect(run.text).toBe('Seat 2A');
    expect(run.rounds[0]!.inputRequests[0]!.app).toBe('ui://seats/picker');
    const app = await client.readApp(run.rounds[0]!.inputRequests[0]!.app!);
    expect(app.mimeType).toBe(MCP_APP_MIME_TYPE);
    expect(app.html).toContain('<main id="seats"');
    expect(app.ui).toStrictEqual({
      csp: { resourceDomains: ['https://cdn.example.com'] },
      permissions: { clipboardWrite: {} },
      prefersBorder: true,
    });
  });

  it('asks an invalid app answer again with the same app', async () => {
    const run = await client.callTool(
      'pick_seat',
      {},
      {
        apps: true,
        answers: {
          seat: [fromApp('ui://seats/picker', { seat: '7C' }), fromApp('ui://seats/picker', { seat: '1B' })],
        },
      },
    );
    expect(run.text).toBe('Seat 1B');
    expect(run.rounds.map((round) => round.inputRequests.map((request) => request.app))).toStrictEqual([
      ['ui://seats/picker'],
      ['ui://seats/picker'],
      [],
    ]);
  });

  it('without Apps support the question has no app, and an app answer is refused by the script', async () => {
    const run = await client.callTool('pick_seat', {}, { answers: { seat: accept({ seat: '1A' }) } });
    expect(run.text).toBe('Seat 1A');
    expect(run.rounds[0]!.inputRequests[0]!.app).toBeUndefined();
    await expect(
      client.callTool('pick_seat', {}, { answers: { seat: fromApp('ui://seats/picker', { seat: '1A' }) } }),
    ).rejects.toThrow('"seat" was asked without an app, not with ui://seats/picker');
  });
});
