import type { Server as NodeHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpListenOptions } from './http-handler.options.js';
import { createLimitedHttpServer } from './http-server-limits.js';
import type { NodeHttpHandler } from './node-http.handler.js';

/**
 * `listen()`: a `node:http` server of its own, with the timeouts and connection limit of
 * `HttpServerLimits`, whose only listener is the Node handler.
 */
export class HttpTransport {
  private server: NodeHttpServer | undefined;

  constructor(
    private readonly handler: NodeHttpHandler,
    private readonly options: HttpListenOptions,
  ) {}

  /** Open legacy sessions of this endpoint. */
  get legacySessionCount(): number {
    return this.handler.legacySessionCount;
  }

  async listen(): Promise<{ url: string; port: number }> {
    const server = createLimitedHttpServer(this.options, this.handler.listener);
    this.server = server;
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 3000, host, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    return { url: `http://${shownHost}:${port}${this.handler.path}`, port };
  }

  async close(): Promise<void> {
    await this.handler.close();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
