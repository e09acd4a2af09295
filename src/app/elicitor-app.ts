import type { Container, ServiceIdentifier } from 'inversify';
import { RequestAbort } from '../context/request-abort.js';
import type { LifecycleRunner } from '../di/lifecycle.runner.js';
import type { ServerLogger } from '../shared/server-logger.js';
import type { PendingWrites } from '../mrtr/pending-writes.store.js';
import type { StateStore } from '../mrtr/stores/state-store.js';
import type { Fleet } from '../fleet/fleet.types.js';
import type { TaskQueue } from '../tasks/task-queue.js';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import type { CallDispatcher } from '../server/call-dispatcher.js';
import type { InFlightTracker } from '../server/in-flight-tracker.js';
import type { LegacyProtocolHandler } from '../server/legacy/legacy-protocol.handler.js';
import type { UrlElicitationRegistry } from '../server/legacy/url-elicitation.registry.js';
import type { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';
import type { ModernReply, ModernRequest } from '../server/modern/modern-request.js';
import type { ServerCatalog } from '../server/server-catalog.js';
import type { ListChangedNotifier } from '../server/subscriptions/list-changed-notifier.js';
import type { ResourceUpdateNotifier } from '../server/subscriptions/resource-update-notifier.js';
import type { ChangedList } from '../server/subscriptions/server-event.js';
import type { ServerEventHub } from '../server/subscriptions/server-event-hub.js';
import type { FetchRequestHandler } from '../transport/http/fetch-http.handler.js';
import type { HttpEndpointDependencies } from '../transport/http/http-endpoint-dependencies.js';
import type { FetchHandlerOptions, NodeHandlerOptions } from '../transport/http/http-handler.options.js';
import type { NodeRequestHandler } from '../transport/http/node-http.handler.js';
import type { AttachableServer } from '../transport/http/server-attachment.js';
import type { StdioTransport } from '../transport/stdio.transport.js';
import { HttpMounts } from './http-mounts.js';
import type { ListenOptions, ListeningInfo } from './listen.options.js';
import type { RunOptions } from './command-line.runner.js';

export interface AppParts {
  container: Container;
  registry: HandlerRegistry;
  catalog: ServerCatalog;
  dispatcher: CallDispatcher;
  modern: ModernProtocolHandler;
  legacy: LegacyProtocolHandler;
  store: StateStore;
  /** What replicas share to serve 2025-era sessions, when the app is given one. */
  fleet?: Fleet | undefined;
  /** Outcomes the store missed during a fault: they get a last try before the store closes. */
  pendingWrites: PendingWrites;
  logger: ServerLogger;
  events: ServerEventHub;
  listChanged: ListChangedNotifier;
  resourceUpdates: ResourceUpdateNotifier;
  urlElicitations: UrlElicitationRegistry;
  /** Logged once when the app first serves HTTP (a random key, or fixed keys with the memory store). */
  servingWarning: string | undefined;
  lifecycle: LifecycleRunner;
  inFlight: InFlightTracker;
  shutdownTimeoutMs: number;
  /** The queue of task runs, when a tool runs as a task: it stops taking runs before calls drain. */
  taskQueue?: TaskQueue;
}

/** What `handleModernMessage` may be given besides the message: the caller's abort, its way back, its auth. */
export type ModernMessageOptions = Partial<Pick<ModernRequest, 'notify' | 'authInfo'>> & {
  signal?: AbortSignal;
};

/** A built application: serve it on HTTP and/or stdio, or hand it messages directly in tests. */
export class ElicitorApp {
  private stdio: StdioTransport | undefined;
  private mounts: HttpMounts | undefined;
  private defaultFetch: FetchRequestHandler | undefined;
  private closing: Promise<void> | undefined;

  /** @internal `Elicitor.create` builds the app. */
  constructor(private readonly parts: AppParts) {}

  /**
   * The app as a web-standard handler with the default options (path `/mcp`, localhost hosts): for
   * Hono, `Bun.serve`, `Deno.serve` and a workerd module worker. Bound, so `{ fetch: app.fetch }` works.
   */
  readonly fetch = (request: Request): Promise<Response> =>
    (this.defaultFetch ??= this.http.fetchHandler({}))(request);

  /** The frozen catalogue of tools, prompts and resources. @internal */
  get registry(): HandlerRegistry {
    return this.parts.registry;
  }

  /** A provider from the root container (singletons and values), like `app.get()` in NestJS. */
  get<T>(token: ServiceIdentifier<T>): T {
    return this.parts.container.get<T>(token);
  }

  async listen(options: ListenOptions): Promise<ListeningInfo> {
    const info: ListeningInfo = {};
    if (options.http) Object.assign(info, await this.http.listen(options.http));
    if (options.stdio) {
      const streams =
        options.stdio === true ? { input: process.stdin, output: process.stdout } : options.stdio;
      // Imported here: an app served on HTTP only never loads the stdio transport.
      const { StdioTransport } = await import('../transport/stdio.transport.js');
      this.stdio = new StdioTransport(this.endpointDependencies(), streams);
      this.stdio.start();
    }
    return info;
  }

  /**
   * The app as a Node request handler, to mount in Express, Fastify, NestJS or a plain `node:http`
   * server: `(req, res, parsedBody?)`. It serves both eras with the same checks as `listen()`. A body a
   * framework already parsed is used as is (`express.json()`'s `req.body`, or Fastify's `request.body`
   * as the third argument); as Express middleware, requests for other paths go on to `next`.
   */
  nodeHandler(options: NodeHandlerOptions = {}): NodeRequestHandler {
    return this.http.nodeHandler(options);
  }

  /** A web-standard handler with options (`allowedHosts`, `authenticate`, ...); see `fetch`. */
  fetchHandler(options: FetchHandlerOptions = {}): FetchRequestHandler {
    return this.http.fetchHandler(options);
  }

  /**
   * Serves the app on an existing `node:http` or `node:https` server at `options.path` (default `/mcp`);
   * requests for other paths still reach the server's own listeners. `close()` detaches it.
   */
  attach(server: AttachableServer, options: NodeHandlerOptions = {}): void {
    this.http.attach(server, options);
  }

  /**
   * Serves the app the way a `main.ts` usually does: `--stdio` on the command line selects stdio,
   * otherwise HTTP on `$PORT` (default 3000) at `/mcp`; SIGINT and SIGTERM close it cleanly.
   */
  run(name: string, options: RunOptions = {}): Promise<ListeningInfo> {
    return import('./command-line.runner.js').then(({ runFromCommandLine }) =>
      runFromCommandLine(this, name, options),
    );
  }

  /** Resolves when a stdio connection ends. */
  async stdioClosed(): Promise<void> {
    await this.stdio?.closed;
  }

  /** Answers one modern (2026-07-28) JSON-RPC message without a network; used by the testing kit. */
  handleModernMessage(message: unknown, options: ModernMessageOptions = {}): Promise<ModernReply> {
    return this.parts.modern.handle({
      message,
      headers: undefined,
      abort: new RequestAbort(options.signal),
      notify: options.notify ?? (async () => {}),
      ...(options.authInfo ? { authInfo: options.authInfo } : {}),
    });
  }

  private get http(): HttpMounts {
    return (this.mounts ??= new HttpMounts(this.endpointDependencies(), this.parts.servingWarning));
  }

  private endpointDependencies(): HttpEndpointDependencies {
    return {
      modern: this.parts.modern,
      legacy: this.parts.legacy,
      logger: this.parts.logger,
      fleet: this.parts.fleet,
    };
  }

  /**
   * Legacy URL mode (2025-11-25): tells the client that got `elicitationId` (in an `elicitation/create`
   * or a URL-elicitation-required error) that the out-of-band step is done, e.g. from the webhook of a
   * payment page, after the call itself ended. Sent once; false when the id is unknown, expired, already
   * completed or its session is gone. With a `fleet`, any replica can call it: the id's session is
   * recorded in the fleet, one replica wins the right to send (racing webhooks notify once), and the
   * notification reaches the session's GET stream wherever it is open. It then rejects when the fleet
   * cannot be reached, so a webhook retried later can still send it.
   */
  completeElicitation(elicitationId: string): Promise<boolean> {
    return this.parts.urlElicitations.complete(elicitationId);
  }

  /** Tells subscribed clients that a list changed (needs the `listChanged` option); same as `ListChangedNotifier`. */
  notifyListChanged(list: ChangedList): void {
    this.parts.listChanged.notify(list);
  }

  /** Tells clients subscribed to `uri` that it changed (needs `resourceSubscriptions`); same as `ResourceUpdateNotifier`. */
  notifyResourceUpdated(uri: string): void {
    this.parts.resourceUpdates.notify(uri);
  }

  /**
   * Drains, then closes: new calls are refused, running calls with their commits and task runs get up to
   * `shutdownTimeoutMs` (a task run past it is cut), then `beforeApplicationShutdown`, connections (legacy
   * sessions included) and the store close, and `onApplicationShutdown` runs last. `signal` is handed to
   * both hooks.
   */
  close(signal?: string): Promise<void> {
    this.closing ??= this.shutDown(signal);
    return this.closing;
  }

  private async shutDown(signal: string | undefined): Promise<void> {
    const { inFlight, shutdownTimeoutMs, logger, lifecycle } = this.parts;
    // Refuses new calls from here on, before anything awaits, so no call slips in while the queue stops.
    const drained = inFlight.drain(shutdownTimeoutMs);
    // The queue stops taking runs at once and gets the same budget for the running ones.
    const queueClosed = this.parts.taskQueue
      ?.close(shutdownTimeoutMs)
      .catch((error: unknown) => logger.error('closing the task queue failed', error));
    if (!(await drained)) {
      logger.warn(`closing with ${inFlight.size} call(s) still running after ${shutdownTimeoutMs} ms`);
    }
    await queueClosed;
    await lifecycle.beforeShutdown(signal);
    // Open subscriptions/listen streams end with their final result before connections are cut.
    this.parts.events.close();
    await new Promise((resolve) => setImmediate(resolve));
    await this.mounts?.close();
    await this.stdio?.close();
    await this.parts.pendingWrites.flush();
    await this.parts.store.close?.();
    await this.parts.fleet?.close();
    await lifecycle.shutdown(signal);
  }
}
