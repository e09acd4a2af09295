import type { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Elicitor, MemoryFleet, MemoryStateStore } from 'elicitor';
import type { ElicitorApp, ElicitorOptions, Fleet } from 'elicitor';
import { RedisFleet, RedisStateStore } from 'elicitor/redis';
import { legacyInitializeRequest } from '../../../reliability/src/support/legacy-initialize-request.js';

export const REDIS_URL = process.env.REDIS_URL;
export const SHARED_KEYS = ['fleet-replicas-shared-secret-0123456789'];
export const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Which replica serves a request, from what it is: the tests pin each kind of message to one. */
export type Route = (request: { method: string; body: string }) => number;

/** A fleet kind to run the same scenarios on: one `MemoryFleet` shared in-process, or Redis. */
export interface FleetKind {
  name: string;
  available: boolean;
  /** Each replica's fleet and store; with Redis, one prefix per test. */
  make(
    count: number,
    fleetOptions?: { callLeaseMs?: number },
  ): Array<Pick<ElicitorOptions, 'fleet' | 'store'>>;
}

export const FLEET_KINDS: FleetKind[] = [
  {
    name: 'MemoryFleet',
    available: true,
    make(count, fleetOptions = {}) {
      const fleet = new MemoryFleet(fleetOptions);
      // One store too, as replicas share Redis: once records must be seen by every replica. Closing one
      // app must not empty it for the others, so each app gets a view whose close does nothing.
      const shared = new MemoryStateStore();
      const store = new Proxy(shared, {
        get: (target, property) =>
          property === 'close' ? async () => {} : (Reflect.get(target, property) as unknown),
      });
      // Each app closes its fleet: one shared instance is closed once per app, harmlessly.
      return Array.from({ length: count }, () => ({ fleet, store }));
    },
  },
  {
    name: 'RedisFleet',
    available: REDIS_URL !== undefined,
    make(count, fleetOptions = {}) {
      const keyPrefix = `elicitor-fleet-e2e:${process.pid}:${Date.now()}:${Math.random()}:`;
      return Array.from({ length: count }, () => ({
        fleet: new RedisFleet(REDIS_URL!, { keyPrefix, logger: quietLogger, ...fleetOptions }) as Fleet,
        store: new RedisStateStore(REDIS_URL!, { keyPrefix, logger: quietLogger }),
      }));
    },
  },
];

export interface Replicas {
  apps: ElicitorApp[];
  urls: string[];
  servers: Server[];
  close(): Promise<void>;
}

/** Replicas of one app in this process, each on its own port, sharing the fleet (and store) given. */
export async function startReplicas(
  shared: Array<Pick<ElicitorOptions, 'fleet' | 'store'>>,
  options: Omit<ElicitorOptions, 'name' | 'version'>,
  http: { legacySessions?: { maxSessions?: number; idleTimeoutMs?: number; answerHoldMs?: number } } = {},
): Promise<Replicas> {
  const apps: ElicitorApp[] = [];
  const urls: string[] = [];
  const servers: Server[] = [];
  for (const parts of shared) {
    const app = await Elicitor.create({
      name: 'fleet',
      version: '1.0.0',
      requestState: { keys: SHARED_KEYS },
      logger: quietLogger,
      ...options,
      ...parts,
    });
    // A server of our own, so a test can drop its sockets as a dying process would.
    const server = createServer(app.nodeHandler({ ...http }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apps.push(app);
    servers.push(server);
    urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  }
  const close = async () => {
    await Promise.all(apps.map((app) => app.close()));
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  };
  return { apps, urls, servers, close };
}

/** What kind of message a POST carries, for routing. */
export function kindOf(body: string): string {
  try {
    const message = JSON.parse(body) as { method?: string; id?: unknown };
    if (message.method) return message.method;
    return 'response';
  } catch {
    return 'unknown';
  }
}

/** A fetch that sends each request to the replica `route` picks, and records where each went. */
export function routingFetch(urls: string[], route: Route, log: string[] = []): typeof fetch {
  return ((_input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : '';
    const target = route({ method, body });
    log.push(`${method === 'POST' ? kindOf(body) : method}->${target}`);
    return fetch(urls[target]!, init);
  }) as typeof fetch;
}

export async function connectRouted(
  client: Client,
  urls: string[],
  route: Route,
  log?: string[],
): Promise<void> {
  await client.connect(
    new StreamableHTTPClientTransport(new URL(urls[0]!), {
      fetch: routingFetch(urls, route, log),
      reconnectionOptions: {
        initialReconnectionDelay: 50,
        maxReconnectionDelay: 200,
        reconnectionDelayGrowFactor: 1.5,
        maxRetries: 20,
      },
    }),
  );
}

export async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The route of most scenarios: `initialize` and `tools/call` on replica 0, GET streams on `getReplica`,
 * every other message (answers, notifications, DELETE) on replica 1.
 */
export function callOnFirstReplica(getReplica: number): Route {
  return ({ method, body }) => {
    if (method === 'GET') return getReplica;
    const what = kindOf(body);
    return what === 'initialize' || what === 'tools/call' ? 0 : 1;
  };
}

export const POST_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** The `initialize` a raw 2025-11-25 client sends, as a request body. */
export function rawInitialize(capabilities: Record<string, unknown> = {}): string {
  return JSON.stringify(legacyInitializeRequest(0, 'raw', capabilities));
}

/** Opens a 2025-11-25 session on `url` without a client library. */
export function openRaw(url: string, capabilities: Record<string, unknown> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: POST_HEADERS, body: rawInitialize(capabilities) });
}
