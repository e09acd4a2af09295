import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { ModernSseStream } from './modern-http-stream.js';

/** Serves one request with `respond` and returns what a client reads. */
async function exchange(
  respond: (stream: ModernSseStream) => Promise<void>,
): Promise<{ type: string | null; text: string }> {
  const server = createServer((_request, response) => void respond(new ModernSseStream(response, 20)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return { type: response.headers.get('content-type'), text: await response.text() };
  } finally {
    server.close();
  }
}

describe('ModernSseStream', () => {
  it('opens on the first message, keeps an idle stream alive and ends with the final message', async () => {
    const { type, text } = await exchange(async (stream) => {
      expect(stream.started).toBe(false);
      stream.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } });
      expect(stream.started).toBe(true);
      await sleep(70);
      stream.end({ jsonrpc: '2.0', id: 1, result: {} });
    });
    expect(type).toBe('text/event-stream');
    const events = text.split('\n\n').filter(Boolean);
    expect(events[0]).toBe(
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}',
    );
    expect(events).toContain(': keep-alive');
    expect(events[events.length - 1]).toBe('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}');
  });

  it('ignores messages once the stream has ended', async () => {
    const { text } = await exchange(async (stream) => {
      stream.send({ n: 1 });
      stream.end();
      stream.send({ n: 2 });
      expect(stream.writable).toBe(false);
    });
    expect(text).toBe('event: message\ndata: {"n":1}\n\n');
  });
});
