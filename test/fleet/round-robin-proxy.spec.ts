import { once } from 'node:events';
import { createServer, get } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RoundRobinProxy } from '../fixtures/fleet-replica/src/round-robin.proxy.js';

/** The balancer the fleet specs put in front of the replicas: no affinity, streams passed through. */
describe('RoundRobinProxy', () => {
  const servers: Server[] = [];
  const streams: ServerResponse[] = [];
  let proxy: RoundRobinProxy | undefined;

  /** A replica stand-in answering with its name and the body it got; `/stream` opens an SSE stream. */
  async function replica(name: string): Promise<string> {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += String(chunk)));
      req.on('end', () => {
        if (req.url === '/stream') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(`data: ${name}\n\n`);
          streams.push(res);
          return;
        }
        res.end(`${name}:${body}`);
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  afterEach(async () => {
    await proxy?.close();
    await Promise.all(servers.splice(0).map(closeServer));
    streams.length = 0;
  });

  it('sends each request to the next replica, body included', async () => {
    proxy = new RoundRobinProxy([await replica('a'), await replica('b')]);
    const port = await proxy.listen();
    const replies: string[] = [];
    for (const body of ['1', '2', '3']) {
      const response = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body });
      replies.push(await response.text());
    }
    expect(replies).toStrictEqual(['a:1', 'b:2', 'a:3']);
  });

  it('passes a request a dead replica refused on to the next one', async () => {
    const dead = await replica('dead');
    await closeServer(servers.pop()!);
    proxy = new RoundRobinProxy([dead, await replica('b')]);
    const port = await proxy.listen();
    const response = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body: 'x' });
    expect(await response.text()).toBe('b:x');
  });

  it('answers 503 with a JSON-RPC error when no replica is up', async () => {
    const dead = await replica('dead');
    await closeServer(servers.pop()!);
    proxy = new RoundRobinProxy([dead]);
    const port = await proxy.listen();
    const response = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
  });

  it('streams events as they come, and cuts the stream when the replica dies', async () => {
    proxy = new RoundRobinProxy([await replica('a')]);
    const port = await proxy.listen();
    const response = await new Promise<IncomingMessage>((resolve) =>
      get(`http://127.0.0.1:${port}/stream`, resolve),
    );
    const aborted = new Promise<boolean>((resolve) => {
      response.once('aborted', () => resolve(true));
      response.once('end', () => resolve(false));
    });
    const [first] = (await once(response, 'data')) as [Buffer];
    expect(String(first)).toBe('data: a\n\n');
    streams[0]!.socket!.destroy();
    expect(await aborted).toBe(true);
  });
});
