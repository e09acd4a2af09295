import 'reflect-metadata';
import type { ElicitorApp } from 'elicitor';
import { startTasksApp } from './support/tasks-client.js';
import { legacyInitializeRequest } from '../../reliability/src/support/legacy-initialize-request.js';

type Json = Record<string, unknown>;
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The JSON-RPC messages of a reply, whether it came as JSON or as an SSE stream. */
function messagesOf(text: string): Json[] {
  if (text.trimStart().startsWith('{')) return [JSON.parse(text) as Json];
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:') && line.length > 5)
    .map((line) => JSON.parse(line.slice(5)) as Json);
}

/**
 * On Streamable HTTP, a question asked outside any request rides the session's GET stream. A session without
 * one open cannot hear it: it is not asked then (nothing would arrive, and the question would look sent), but
 * on its next poll once it listens.
 */
describe('2025-11-25 task questions and the GET stream (raw HTTP)', () => {
  let app: ElicitorApp;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startTasksApp());
  });
  afterAll(() => app.close());

  it('asks on the next tasks/get once a GET stream is open, not into a stream nobody reads', async () => {
    const init = await fetch(url, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify(legacyInitializeRequest(0, 'raw', { elicitation: { form: {} } })),
    });
    const headers = {
      ...HEADERS,
      'mcp-session-id': init.headers.get('mcp-session-id')!,
      'mcp-protocol-version': '2025-11-25',
    };
    await init.text();
    let nextId = 1;
    const post = async (method: string, params?: Json): Promise<Json> => {
      const message =
        params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', id: nextId++, method, params };
      const reply = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message) });
      const text = await reply.text();
      return params === undefined ? {} : (messagesOf(text).find((entry) => 'id' in entry)!.result as Json);
    };
    await post('notifications/initialized');
    const { task } = (await post('tools/call', {
      name: 'deploy',
      arguments: { service: 'api' },
      task: {},
    })) as {
      task: Json;
    };
    const taskId = task.taskId as string;
    let status = '';
    for (let poll = 0; poll < 100 && status !== 'input_required'; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = String((await post('tasks/get', { taskId })).status);
    }
    expect(status).toBe('input_required');
    // Polled again while nothing listens.
    await post('tasks/get', { taskId });

    const controller = new AbortController();
    const stream = await fetch(url, {
      method: 'GET',
      headers: { ...headers, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const question = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return undefined;
        received += decoder.decode(value, { stream: true });
        const asked = messagesOf(received).find((message) => message.method === 'elicitation/create');
        if (asked) return asked;
      }
    })();
    // The GET stream is open once its headers came; the next poll asks there.
    await post('tasks/get', { taskId });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), 3000)));
    const asked = await Promise.race([question, timeout]);
    clearTimeout(timer);
    controller.abort();
    await question.catch(() => undefined);
    expect(asked).toMatchObject({
      method: 'elicitation/create',
      params: {
        message: 'Deploy api with plan-1?',
        _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
      },
    });
  });
});
