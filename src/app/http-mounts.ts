import { FetchHttpHandler } from '../transport/http/fetch-http.handler.js';
import type { FetchRequestHandler } from '../transport/http/fetch-http.handler.js';
import type { HttpEndpointDependencies } from '../transport/http/http-endpoint-dependencies.js';
import type {
  FetchHandlerOptions,
  HttpListenOptions,
  NodeHandlerOptions,
} from '../transport/http/http-handler.options.js';
import { HttpTransport } from '../transport/http/http.transport.js';
import { NodeHttpHandler } from '../transport/http/node-http.handler.js';
import type { NodeRequestHandler } from '../transport/http/node-http.handler.js';
import { attachToServer } from '../transport/http/server-attachment.js';
import type { AttachableServer } from '../transport/http/server-attachment.js';

interface Endpoint {
  /** Open legacy sessions, each endpoint bounding its own. */
  readonly legacySessionCount: number;
  close(): Promise<void>;
}

/**
 * Every HTTP endpoint of one app, however it is served: its own server (`listen`), a Node or fetch
 * handler mounted in a host framework, or a handler attached to an existing server. Closing the app
 * closes them all (legacy sessions included) but never a server the app did not create.
 */
export class HttpMounts {
  private readonly open = new Set<Endpoint>();
  private warned = false;

  constructor(
    private readonly dependencies: HttpEndpointDependencies,
    /** Said once, when the app first serves HTTP: what this configuration risks with several replicas. */
    private readonly servingWarning: string | undefined,
  ) {}

  nodeHandler(options: NodeHandlerOptions): NodeRequestHandler {
    return this.track(new NodeHttpHandler(this.dependencies, options)).handle;
  }

  fetchHandler(options: FetchHandlerOptions): FetchRequestHandler {
    return this.track(new FetchHttpHandler(this.dependencies, options)).handle;
  }

  attach(server: AttachableServer, options: NodeHandlerOptions): void {
    const handler = new NodeHttpHandler(this.dependencies, options);
    const detach = attachToServer(server, handler);
    this.track({
      get legacySessionCount() {
        return handler.legacySessionCount;
      },
      close: () => {
        detach();
        return handler.close();
      },
    });
  }

  listen(options: HttpListenOptions): Promise<{ url: string; port: number }> {
    return this.track(new HttpTransport(new NodeHttpHandler(this.dependencies, options), options)).listen();
  }

  /** Open legacy sessions over all endpoints; not public API, read by the reliability suite. */
  get legacySessionCount(): number {
    let count = 0;
    for (const endpoint of this.open) count += endpoint.legacySessionCount;
    return count;
  }

  async close(): Promise<void> {
    const open = [...this.open];
    this.open.clear();
    await Promise.allSettled(open.map((endpoint) => endpoint.close()));
  }

  private track<T extends Endpoint>(endpoint: T): T {
    if (this.servingWarning !== undefined && !this.warned) {
      this.warned = true;
      this.dependencies.logger.warn(this.servingWarning);
    }
    this.open.add(endpoint);
    return endpoint;
  }
}
