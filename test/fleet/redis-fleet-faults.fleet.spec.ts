import 'reflect-metadata';
import { Tool, Tools } from 'elicitor';
import { RedisFleet, RedisStateStore } from 'elicitor/redis';
import { RedisServer } from '../../reliability/src/support/redis-server.js';
import { POST_HEADERS, quietLogger, rawInitialize, startReplicas } from './support/fleet-replicas.js';
import type { Replicas } from './support/fleet-replicas.js';
import { describeWhen } from '../support/test-requirements.js';

// A redis-server of the test's own, frozen, stopped and restarted; FLEET_FAULTS_PORT moves it off 7150.
const PORT = Number(process.env.FLEET_FAULTS_PORT ?? 7150);
const COMMAND_TIMEOUT_MS = 500;
const hasRedis = await RedisServer.available();
const describeWithRedis = describeWhen('redisBinaries', hasRedis);

@Tools()
class Ping {
  @Tool({ description: 'Pong' })
  ping(): string {
    return 'pong';
  }
}

const INITIALIZE = rawInitialize();

async function timed(url: string, body: string, sessionId?: string) {
  const started = Date.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...POST_HEADERS, ...(sessionId ? { 'mcp-session-id': sessionId } : {}) },
    body,
  });
  const text = await response.text();
  return { response, text, elapsedMs: Date.now() - started };
}

describeWithRedis('the Redis fleet when Redis fails (needs redis-server)', () => {
  let redis: RedisServer;
  let replicas: Replicas;

  beforeAll(async () => {
    redis = await RedisServer.start(PORT);
  });
  afterAll(async () => {
    await redis.close();
  });
  beforeEach(async () => {
    const keyPrefix = `fleet-faults-${Date.now()}:`;
    const options = { keyPrefix, commandTimeoutMs: COMMAND_TIMEOUT_MS, logger: quietLogger };
    replicas = await startReplicas(
      [0, 1].map(() => ({
        fleet: new RedisFleet(redis.url, options),
        store: new RedisStateStore(redis.url, options),
      })),
      { tools: [Ping] },
    );
  });
  afterEach(async () => {
    await redis.restart().catch(() => undefined);
    redis.thaw();
    await replicas.close();
  });

  it('answers 503 naming Redis within the command timeout while Redis is frozen, and serves again once it is back', async () => {
    const opened = await timed(replicas.urls[0]!, INITIALIZE);
    const sessionId = opened.response.headers.get('mcp-session-id')!;
    expect(opened.response.status).toBe(200);
    redis.freeze();
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    for (const attempt of [
      await timed(replicas.urls[1]!, ping, sessionId),
      await timed(replicas.urls[0]!, INITIALIZE),
    ]) {
      expect(attempt.response.status).toBe(503);
      expect(attempt.response.headers.get('retry-after')).toBe('1');
      const body = JSON.parse(attempt.text) as { error: { code: number; message: string } };
      expect(body.error.code).toBe(-32000);
      expect(body.error.message).toContain('Redis');
      expect(attempt.elapsedMs).toBeLessThan(COMMAND_TIMEOUT_MS * 3);
    }
    redis.thaw();
    const served = await timed(replicas.urls[1]!, ping, sessionId);
    expect(served.response.status).toBe(200);
    expect(JSON.parse(served.text)).toMatchObject({ id: 1, result: {} });
  });

  it('recovers without a restart after Redis itself restarted: new sessions open on any replica', async () => {
    await redis.stop();
    expect((await timed(replicas.urls[0]!, INITIALIZE)).response.status).toBe(503);
    await redis.restart();
    let status = 0;
    for (let tries = 0; tries < 40 && status !== 200; tries++) {
      status = (await timed(replicas.urls[1]!, INITIALIZE)).response.status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    const opened = await timed(replicas.urls[0]!, INITIALIZE);
    const sessionId = opened.response.headers.get('mcp-session-id')!;
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
    expect((await timed(replicas.urls[1]!, ping, sessionId)).response.status).toBe(200);
  });
});
