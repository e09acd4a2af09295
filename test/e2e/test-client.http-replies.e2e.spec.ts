import 'reflect-metadata';
import type { ElicitorApp } from 'elicitor';
import { TestClient } from 'elicitor/testing';
import { ChargeTools } from '../faults/wire-fuzz.tools.js';
import { startHttpApp } from '../support/transports.js';

/** The test client over HTTP reports every reply by its status, including ones with no JSON-RPC body. */
describe('TestClient.forUrl with replies that carry no JSON', () => {
  let app: ElicitorApp;
  let client: TestClient;
  beforeAll(async () => {
    let url: string;
    ({ app, url } = await startHttpApp({ name: 'replies', version: '1', tools: [ChargeTools] }));
    client = TestClient.forUrl(url);
  });
  afterAll(() => app.close());

  it('answers a request Node refuses before the app (headers over its limit) with its status and {}', async () => {
    // The task id goes into the Mcp-Name header, past Node's 16 KiB limit: Node answers 431 with no body.
    const reply = await client.request('tasks/get', { taskId: 'x'.repeat(20_000) });
    expect(reply).toStrictEqual({ status: 431, body: {} });
  });

  it('still reads the JSON-RPC body of every other reply', async () => {
    const reply = await client.request('tools/call', { name: 'quote', arguments: { amount: 2 } });
    expect(reply.status).toBe(200);
    expect(reply.body.result).toMatchObject({ content: [{ type: 'text', text: 'Quote: $3' }] });
  });
});
