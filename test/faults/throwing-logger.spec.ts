import 'reflect-metadata';
import { Elicitor, Tool, Tools } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { postToolCall, toolCallRequest } from '../docs/support/modern-http.js';

@Tools()
class FragileTools {
  @Tool({ description: 'Fails with an unexpected error' })
  explode(): string {
    throw new Error('boom');
  }

  @Tool({ description: 'Answers' })
  ping(): string {
    return 'pong';
  }
}

describe('a logger that throws', () => {
  let app: ElicitorApp;
  let url: string;

  beforeAll(async () => {
    app = await Elicitor.create({
      name: 'fragile',
      version: '1.0.0',
      tools: [FragileTools],
      logger: {
        info() {},
        warn() {},
        error() {
          throw new Error('the log sink is down');
        },
      },
    });
    const { port } = await app.listen({ http: { port: 0, host: '127.0.0.1' } });
    url = `http://127.0.0.1:${port}/mcp`;
  });

  afterAll(() => app.close());

  it('still gets an HTTP request answered, with a 500, and the server keeps serving', async () => {
    const failed = await postToolCall(url, { name: 'explode', arguments: {} });
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ error: { code: -32603, message: 'Internal error' } });
    const next = await postToolCall(url, { name: 'ping', arguments: {} });
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ result: { content: [{ type: 'text', text: 'pong' }] } });
  });

  it('still gets a fetch-handler request answered with a 500', async () => {
    const handle = app.fetchHandler();
    const call = (name: string) => handle(toolCallRequest('http://localhost/mcp', { name, arguments: {} }));
    const failed = await call('explode');
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: { code: -32603 } });
    expect((await call('ping')).status).toBe(200);
  });
});
