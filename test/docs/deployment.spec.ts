import 'reflect-metadata';
import { jest } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Elicitor, Keyring, MemoryStateStore } from 'elicitor';
import type { ElicitorApp, ElicitorAppOptions, StateStore } from 'elicitor';
import { testKeyringSecret, withModernMeta } from 'elicitor/testing';
import { ShopModule, shopOptions } from '../../docs/snippets/elicitation/shop.module.js';
import { Mailer, Payments } from '../../docs/snippets/elicitation/shop.services.js';
import { startBoundedServer } from '../../docs/snippets/deployment/bounded-server.js';
import { startHttpServer } from '../../docs/snippets/deployment/http-server.js';
import { singleProcessOptions } from '../../docs/snippets/deployment/memory-store.options.js';
import { productionOptions, replicaOptions } from '../../docs/snippets/deployment/replica.options.js';
import { serveStdio } from '../../docs/snippets/deployment/stdio-server.js';
import { textOf } from '../support/transports.js';
import { postToolCall, postWithHost } from './support/modern-http.js';
import type { Body } from './support/modern-http.js';
import { snippetJson } from './support/snippet-files.js';
import { itWhen } from '../support/test-requirements.js';

const quiet = { info() {}, warn() {}, error() {} };
const ORDER = { name: 'place_order', arguments: { item: 'widget', quantity: 1 } };
const DELIVERY = { delivery: { action: 'accept', content: { name: 'Ada', email: 'ada@example.com' } } };
const CONFIRM = { confirm: { action: 'accept', content: { confirm: true } } };
const FIXED_ERROR = snippetJson('security/invalid-state.error.json');
const answerEverything = (params: Record<string, unknown>) =>
  'confirm' in (params.requestedSchema as { properties: object }).properties
    ? { action: 'accept', content: { confirm: true } }
    : { action: 'accept', content: { name: 'Ada', email: 'ada@example.com' } };

async function officialClient(url: string, era: 'modern' | 'legacy', token?: string): Promise<Client> {
  const client = new Client(
    { name: 'deployment-docs', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
    },
  );
  client.setRequestHandler(
    'elicitation/create',
    async (request) => answerEverything(request.params as never) as never,
  );
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

describe('Deployment guide: the HTTP server', () => {
  let app: ElicitorApp;
  let url: string;
  beforeAll(async () => {
    process.env.ELICITOR_STATE_KEYS = testKeyringSecret;
    ({ app, url } = await startHttpServer({ PORT: '0', HOST: '127.0.0.1' }));
  });
  afterAll(async () => {
    delete process.env.ELICITOR_STATE_KEYS;
    await app.close();
  });

  it('serves /mcp on the given host', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it.each(['modern', 'legacy'] as const)('lets a signed-in %s client place an order', async (era) => {
    const client = await officialClient(url, era, 'token-ada');
    const result = await client.callTool({ name: 'place_order', arguments: { item: 'widget', quantity: 1 } });
    expect(textOf(result)).toMatch(/^Order ch_\d+ placed: 1 × widget for Ada\.$/);
    await client.close();
  });

  it('refuses calls from nobody, but still lists the tools', async () => {
    const client = await officialClient(url, 'modern');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toStrictEqual(['place_order']);
    const result = await client.callTool({ name: 'place_order', arguments: { item: 'widget', quantity: 1 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Sign in first: send an Authorization: Bearer <token> header.');
    await client.close();
  });

  it('binds the requestState to the signed-in user, and logs why it refused', async () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const first = await postToolCall(url, ORDER, { authorization: 'Bearer token-ada' });
      const state = (first.body.result as { requestState: string }).requestState;
      const stolen = await postToolCall(
        url,
        { ...ORDER, requestState: state, inputResponses: DELIVERY },
        { authorization: 'Bearer token-grace' },
      );
      expect(stolen.body.error).toStrictEqual(FIXED_ERROR);
      expect(stderr).toHaveBeenCalledWith('[elicitor] warning: requestState rejected: binding_mismatch\n');
    } finally {
      stderr.mockRestore();
    }
  });

  it('refuses a Host header that is not allowed', async () => {
    expect(await postWithHost(url, 'evil.example')).toBe(403);
  });

  it('answers 404 outside the path', async () => {
    expect((await fetch(url.replace('/mcp', '/other'), { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

describe('Deployment guide: limits', () => {
  it('serves both eras with the limits given', async () => {
    process.env.ELICITOR_STATE_KEYS = testKeyringSecret; // a fixed test key, so no random-key warning
    const { app, url } = await startBoundedServer(0);
    delete process.env.ELICITOR_STATE_KEYS;
    try {
      const probe = await fetch(url, { method: 'POST', body: '{}' });
      await probe.text();
      // Node announces the keep-alive timeout to clients, in seconds.
      expect(probe.headers.get('keep-alive')).toBe('timeout=65');
      for (const era of ['modern', 'legacy'] as const) {
        const client = await officialClient(url, era);
        expect((await client.listTools()).tools.map((tool) => tool.name)).toStrictEqual(['place_order']);
        await client.close();
      }
    } finally {
      await app.close();
    }
  });
});

describe('Deployment guide: stdio', () => {
  it('serves newline-delimited JSON-RPC until the client closes stdin', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const served = serveStdio({ input, output });
    const firstLine = new Promise<string>((resolve) => {
      let buffered = '';
      output.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        if (buffered.includes('\n')) resolve(buffered.slice(0, buffered.indexOf('\n')));
      });
    });
    input.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: withModernMeta({}, {}),
      })}\n`,
    );
    const reply = JSON.parse(await firstLine) as { id: number; result: { tools: Array<{ name: string }> } };
    expect(reply.id).toBe(1);
    expect(reply.result.tools.map((tool) => tool.name)).toStrictEqual(['place_order']);
    input.end();
    await expect(served).resolves.toBeUndefined();
  });
});

/**
 * The replica options with a store shared in this process: `replicaOptions` refuses a memory store, so
 * the keys are read the way it reads them and the one store is handed to both, as Redis would be.
 */
const inProcessReplica = (store: StateStore, env: NodeJS.ProcessEnv): ElicitorAppOptions => ({
  ...shopOptions,
  requestState: { keys: Keyring.fromEnv('ELICITOR_STATE_KEYS', env)! },
  store,
});

/** Two replicas behind a round-robin "load balancer": each round goes to the other one. */
async function runReplicas(
  options: (env: NodeJS.ProcessEnv) => ElicitorAppOptions,
  env: NodeJS.ProcessEnv,
  envB: NodeJS.ProcessEnv = env,
) {
  const replicas: ElicitorApp[] = [];
  const urls: string[] = [];
  for (const replicaEnv of [env, envB]) {
    const app = await Elicitor.create(ShopModule, { ...options(replicaEnv), logger: quiet });
    replicas.push(app);
    urls.push((await app.listen({ http: { port: 0 } })).url!);
  }
  let next = 0;
  const send = (params: Body) => postToolCall(urls[next++ % urls.length]!, params);
  const effects = () => ({
    charges: replicas.reduce((sum, app) => sum + app.get(Payments).charges, 0),
    receipts: replicas.reduce((sum, app) => sum + app.get(Mailer).receipts.length, 0),
  });
  return { replicas, send, effects, close: () => Promise.all(replicas.map((app) => app.close())) };
}

async function placeOrderAcrossReplicas(send: (params: Body) => Promise<{ body: Body }>) {
  const stateOf = (body: Body) => (body.result as { requestState: string }).requestState;
  const first = await send(ORDER); // replica A
  const second = await send({ ...ORDER, requestState: stateOf(first.body), inputResponses: DELIVERY }); // B
  const finalRound = { ...ORDER, requestState: stateOf(second.body), inputResponses: CONFIRM };
  const done = await send(finalRound); // A
  const retried = await send(finalRound); // B: the client retried the final round
  return { first, second, done, retried };
}

describe('Deployment guide: replicas behind a load balancer', () => {
  const shared = { ELICITOR_STATE_KEYS: 'replica-secret-0123456789abcdef' };

  it('needs ELICITOR_STATE_KEYS', () => {
    expect(() => replicaOptions(shopOptions, new MemoryStateStore(), {})).toThrow('Set ELICITOR_STATE_KEYS');
  });

  it('refuses an in-memory store, which each replica would keep for itself', () => {
    expect(() => replicaOptions(shopOptions, new MemoryStateStore(), shared)).toThrow(
      'Replicas need a shared store, such as Redis',
    );
  });

  it('is refused by Elicitor.create when the keys come from the environment and the store is in memory', async () => {
    Object.assign(process.env, shared);
    try {
      await expect(Elicitor.create(ShopModule, { ...shopOptions, logger: quiet })).rejects.toThrow(
        'ELICITOR_STATE_KEYS is set, so replicas may share requestState keys',
      );
      const single = await Elicitor.create(ShopModule, {
        ...shopOptions,
        singleInstance: true,
        logger: quiet,
      });
      await single.close();
    } finally {
      delete process.env.ELICITOR_STATE_KEYS;
    }
  });

  it('continues a call on another replica, charging and mailing once (shared keyring and store)', async () => {
    const store = new MemoryStateStore(); // one store shared by both, as Redis would be
    const cluster = await runReplicas((env) => inProcessReplica(store, env), shared);
    try {
      const { done, retried } = await placeOrderAcrossReplicas(cluster.send);
      expect(done.body.result).toMatchObject({ resultType: 'complete' });
      expect(retried.body.result).toStrictEqual(done.body.result);
      expect(cluster.effects()).toStrictEqual({ charges: 1, receipts: 1 });
    } finally {
      await cluster.close();
    }
  });

  it('cannot continue a call on a replica with another keyring', async () => {
    const store = new MemoryStateStore();
    const cluster = await runReplicas((env) => inProcessReplica(store, env), shared, {
      ELICITOR_STATE_KEYS: 'another-secret-0123456789abcdef',
    });
    try {
      const first = await cluster.send(ORDER);
      const requestState = (first.body.result as { requestState: string }).requestState;
      const second = await cluster.send({ ...ORDER, requestState, inputResponses: DELIVERY });
      expect(second.body.error).toStrictEqual(FIXED_ERROR);
    } finally {
      await cluster.close();
    }
  });

  const redisUrl = process.env.REDIS_URL;
  itWhen('redis')('shares once records and final results through Redis', async () => {
    const env = { ...shared, REDIS_URL: redisUrl };
    const previous = { ...process.env };
    Object.assign(process.env, env);
    let cluster: Awaited<ReturnType<typeof runReplicas>> | undefined;
    try {
      const probe = productionOptions().store!;
      expect(probe.constructor.name).toBe('RedisStateStore');
      await probe.close?.();
      // Each replica gets its own connection to the same Redis, as separate processes would.
      cluster = await runReplicas(() => productionOptions(), env);
      const { done, retried } = await placeOrderAcrossReplicas(cluster.send);
      expect(retried.body.result).toStrictEqual(done.body.result);
      expect(cluster.effects()).toStrictEqual({ charges: 1, receipts: 1 });
    } finally {
      await cluster?.close();
      process.env = previous;
    }
  });
});

describe('Deployment guide: the in-memory state store', () => {
  it('keeps the records of a call in the store it is given, and answers a retried final round from them', async () => {
    const warnings: string[] = [];
    const options = singleProcessOptions(shopOptions, (message) => warnings.push(message));
    const store = options.store as MemoryStateStore;
    const app = await Elicitor.create(ShopModule, {
      ...options,
      requestState: { ...options.requestState, keys: [testKeyringSecret] },
      logger: quiet,
    });
    try {
      const url = (await app.listen({ http: { port: 0, host: '127.0.0.1' } })).url!;
      const stateOf = (body: Body) => (body.result as { requestState: string }).requestState;
      const first = await postToolCall(url, ORDER);
      const second = await postToolCall(url, {
        ...ORDER,
        requestState: stateOf(first.body),
        inputResponses: DELIVERY,
      });
      const finalRound = { ...ORDER, requestState: stateOf(second.body), inputResponses: CONFIRM };
      const done = await postToolCall(url, finalRound);
      const retried = await postToolCall(url, finalRound);
      expect(retried.body.result).toStrictEqual(done.body.result);
      expect(app.get(Payments).charges).toBe(1);
      expect(store.size).toBeGreaterThan(0);
      expect(store.countedBytes).toBeLessThan(128 * 1024 * 1024);
      expect(warnings).toStrictEqual([]);
    } finally {
      await app.close();
    }
  });
});
