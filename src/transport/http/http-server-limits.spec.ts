import { afterEach, describe, expect, it } from '@jest/globals';
import type { Server as NodeHttpServer } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { createLimitedHttpServer } from './http-server-limits.js';
import type { HttpServerLimits } from './http-server-limits.js';

const servers: NodeHttpServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listening(limits: HttpServerLimits): Promise<{ server: NodeHttpServer; port: number }> {
  const server = createLimitedHttpServer(limits, (_request, response) => response.end('ok'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Opens a raw connection, writes `text`, and resolves with what came back once the server closed it. */
function rawExchange(port: number, text: string): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  socket.write(text);
  return { socket, closed: new Promise((resolve) => socket.on('close', () => resolve(received))) };
}

describe('createLimitedHttpServer', () => {
  it('sets sane timeouts by default and no connection limit', async () => {
    const { server } = await listening({});
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(60_000);
    expect(server.keepAliveTimeout).toBe(5_000);
    expect(server.maxConnections).toBeUndefined();
  });

  it('takes each limit from the options', async () => {
    const { server } = await listening({
      headersTimeoutMs: 1_000,
      requestTimeoutMs: 2_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 10,
    });
    expect([
      server.headersTimeout,
      server.requestTimeout,
      server.keepAliveTimeout,
      server.maxConnections,
    ]).toStrictEqual([1_000, 2_000, 65_000, 10]);
  });

  it('answers 408 and drops a client that never finishes its headers', async () => {
    const { port } = await listening({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
    const started = Date.now();
    const { closed } = rawExchange(port, 'GET /mcp HTTP/1.1\r\nHost: localhost\r\n');
    const received = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('lets a response stream for longer than requestTimeoutMs (an SSE call waiting for its user)', async () => {
    const server = createLimitedHttpServer(
      { headersTimeoutMs: 100, requestTimeoutMs: 200 },
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: first\n\n');
        setTimeout(() => response.end('data: late\n\n'), 600);
      },
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const streamed = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, {
      method: 'POST',
      body: '{}',
    });
    expect(await streamed.text()).toBe('data: first\n\ndata: late\n\n');
  });

  it('closes connections past maxConnections at once, and serves again when one is free', async () => {
    const { port } = await listening({ maxConnections: 1 });
    const holder = connect(port, '127.0.0.1');
    await new Promise((resolve) => holder.once('connect', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { closed } = rawExchange(port, 'GET /mcp HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await closed).toBe('');
    holder.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const served = await fetch(`http://127.0.0.1:${port}/mcp`);
    expect(await served.text()).toBe('ok');
  });

  it('refuses nonsensical limits at start-up', () => {
    const handler = () => {};
    expect(() => createLimitedHttpServer({ headersTimeoutMs: 0 }, handler)).toThrow(/headersTimeoutMs/);
    expect(() =>
      createLimitedHttpServer({ headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 }, handler),
    ).toThrow(/must not exceed/);
    expect(() => createLimitedHttpServer({ maxConnections: 1.5 }, handler)).toThrow(/maxConnections/);
  });
});
