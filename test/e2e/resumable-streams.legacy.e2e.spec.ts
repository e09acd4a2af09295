import 'reflect-metadata';
import { Context, Ctx, Elicitor, ElicitRequestParams, Tool, Tools } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { connectHttp, officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import { legacyInitializeRequest } from '../../reliability/src/support/legacy-initialize-request.js';

const closedStreams: boolean[] = [];

@Tools()
class PatientTools {
  @Tool({ description: 'Lets go of its stream, then asks a question and answers' })
  async patient(@Ctx() ctx: Context): Promise<string> {
    closedStreams.push(ctx.closeStream());
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('Your name?').withRequired('name', 'string'),
    );
    return `Hello, ${String(answer.content()?.name)}`;
  }
}

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };
const INITIALIZE = legacyInitializeRequest(0, 'raw', { elicitation: { form: {} } });

async function startApp(resumability?: false): Promise<{ app: ElicitorApp; url: string }> {
  const app = await Elicitor.create({
    name: 'patient',
    version: '1.0.0',
    tools: [PatientTools],
    requestState: { keys: ['resumable-streams-test-key-0123456789'] },
    logger: quietLogger,
  });
  const { url } = await app.listen({
    http: { port: 0, ...(resumability === false ? { resumability } : {}) },
  });
  return { app, url: url! };
}

describe('resumable legacy streams (SEP-1699, 2025-11-25 over HTTP)', () => {
  beforeEach(() => {
    closedStreams.length = 0;
  });

  it('a call that closes its stream still asks and answers: the official client resumes with Last-Event-ID', async () => {
    const { app, url } = await startApp();
    try {
      const client = officialClient({
        era: 'legacy',
        onElicit: () => ({ action: 'accept', content: { name: 'Ada' } }),
      });
      await connectHttp(client, url);
      const result = await client.callTool({ name: 'patient', arguments: {} });
      expect(textOf(result)).toBe('Hello, Ada');
      expect(closedStreams).toStrictEqual([true]);
      await client.close();
    } finally {
      await app.close();
    }
  });

  it('starts each call stream with a priming event that carries an id and the retry delay', async () => {
    const { app, url } = await startApp();
    try {
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const init = await fetch(url, { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
      const session = init.headers.get('mcp-session-id')!;
      await init.text();
      const sessionHeaders = { ...headers, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
      await fetch(url, {
        method: 'POST',
        headers: sessionHeaders,
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      });
      const call = await fetch(url, {
        method: 'POST',
        headers: sessionHeaders,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'patient' } }),
      });
      // The server let go of the stream: it ends after the priming event, before the question.
      const text = await call.text();
      expect(text).toMatch(/^id: \S+\nretry: 1000\ndata: \n\n$/);
      expect(closedStreams).toStrictEqual([true]);
      const lastEventId = /^id: (\S+)/.exec(text)![1]!;

      const resumed = await fetch(url, {
        method: 'GET',
        headers: { ...sessionHeaders, accept: 'text/event-stream', 'last-event-id': lastEventId },
      });
      const reader = resumed.body!.getReader();
      let seen = '';
      while (!seen.includes('elicitation/create')) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += new TextDecoder().decode(value);
      }
      expect(seen).toContain('"method":"elicitation/create"');
      await reader.cancel();
    } finally {
      await app.close();
    }
  });

  it('can be turned off: then there is no stream to close', async () => {
    const { app, url } = await startApp(false);
    try {
      const client = officialClient({
        era: 'legacy',
        onElicit: () => ({ action: 'accept', content: { name: 'Grace' } }),
      });
      await connectHttp(client, url);
      const result = await client.callTool({ name: 'patient', arguments: {} });
      expect(textOf(result)).toBe('Hello, Grace');
      expect(closedStreams).toStrictEqual([false]);
      await client.close();
    } finally {
      await app.close();
    }
  });
});
