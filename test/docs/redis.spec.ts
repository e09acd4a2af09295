import 'reflect-metadata';
import { jest } from '@jest/globals';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Elicitor, StoreUnavailableError } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { ShopModule, shopOptions } from '../../docs/snippets/elicitation/shop.module.js';
import { createClusterStore } from '../../docs/snippets/redis/cluster-store.js';
import { createDurableStore } from '../../docs/snippets/redis/durable-store.js';
import { createStore } from '../../docs/snippets/redis/tuned-store.js';
import { postToolCall, toolCallRequest } from './support/modern-http.js';
import { sameJson, snippetJson } from './support/snippet-files.js';

const quiet = { info() {}, warn() {}, error() {} };
const ORDER = { name: 'place_order', arguments: { item: 'widget', quantity: 1 } };
const DELIVERY = { delivery: { action: 'accept', content: { name: 'Ada', email: 'ada@example.com' } } };

/** A loopback port nothing listens on: a Redis that is down. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Redis guide: what the client sees when Redis is out', () => {
  let app: ElicitorApp;
  let url: string;
  let warnings: jest.SpiedFunction<typeof console.warn>;
  beforeAll(async () => {
    warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createStore(`redis://127.0.0.1:${await deadPort()}`);
    app = await Elicitor.create(ShopModule, {
      ...shopOptions,
      logger: quiet,
      store,
      requestState: { keys: ['docs-redis-0123456789abcdef0123'] },
    });
    const { port } = await app.listen({ http: { port: 0, host: '127.0.0.1' } });
    url = `http://127.0.0.1:${port}/mcp`;
  });
  afterAll(async () => {
    await app.close();
    warnings.mockRestore();
  });

  it('answers a round that needs the store with HTTP 503, Retry-After and the error the guide shows', async () => {
    // A replica that never read the store's generation cannot seal even a first round.
    const started = Date.now();
    const response = await fetch(toolCallRequest(url, ORDER));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    sameJson(
      ((await response.json()) as { error: unknown }).error,
      snippetJson('redis/store-unavailable.error.json'),
    );
  });

  it('reports the outage once, through the logger it was given', () => {
    const lost = warnings.mock.calls.filter(([line]) => String(line).includes('lost its connection'));
    expect(lost).toHaveLength(1);
  });
});

describe('Redis guide: the store on a Cluster', () => {
  it('bounds a command even while the Cluster has no node to send it to', async () => {
    const { store, cluster } = createClusterStore([{ host: '127.0.0.1', port: await deadPort() }]);
    try {
      const started = Date.now();
      await expect(store.get('k')).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await store.close();
      cluster.disconnect();
    }
  });
});

describe('Redis guide: when the store forgets', () => {
  const keys = ['docs-redis-forgets-0123456789abcdef'];

  it('refuses a round from before the store forgot with the error the guide shows', async () => {
    // The same keys on two servers, each with a store of its own: the second is the first restarted empty.
    const [before, after] = await Promise.all(
      [0, 1].map(() =>
        Elicitor.create(ShopModule, { ...shopOptions, logger: quiet, requestState: { keys } }),
      ),
    );
    try {
      const urls = await Promise.all(
        [before!, after!].map(async (app) => {
          const { port } = await app.listen({ http: { port: 0, host: '127.0.0.1' } });
          return `http://127.0.0.1:${port}/mcp`;
        }),
      );
      const first = await postToolCall(urls[0]!, ORDER);
      const requestState = (first.body.result as { requestState: string }).requestState;
      const refused = await postToolCall(urls[1]!, { ...ORDER, requestState, inputResponses: DELIVERY });
      sameJson(refused.body.error, snippetJson('redis/outcome-unknown.error.json'));
    } finally {
      await Promise.all([before!.close(), after!.close()]);
    }
  });

  // CI's Redis runs without persistence, as a cache would.
  (process.env.REDIS_URL ? it : it.skip)(
    "refuses to start on a Redis without persistence under durability: 'require'",
    async () => {
      const store = createDurableStore(process.env.REDIS_URL!);
      try {
        await expect(
          Elicitor.create(ShopModule, { ...shopOptions, logger: quiet, store, requestState: { keys } }),
        ).rejects.toMatchObject({ code: 'REDIS_NOT_DURABLE' });
      } finally {
        await store.close();
      }
    },
  );
});
