import 'reflect-metadata';
import { Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import type { Context } from 'elicitor';
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

/** A call that waits on a question: its stream carries event ids a client resumes from. */
@Tools()
class Asking {
  @Tool({ description: 'Asks a name' })
  async ask(@Ctx() ctx: Context): Promise<string> {
    await ctx.elicit('name', ElicitRequestParams.form('Your name?').withRequired('name', 'string'));
    return 'asked';
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
      { tools: [Ping, Asking] },
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

  it('answers a resumed stream it cannot read from Redis with 503 and Retry-After, never a 500', async () => {
    const opened = await timed(replicas.urls[0]!, rawInitialize({ elicitation: {} }));
    const sessionId = opened.response.headers.get('mcp-session-id')!;
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    const call = new AbortController();
    const streamed = await fetch(replicas.urls[0]!, {
      method: 'POST',
      headers: { ...POST_HEADERS, ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'ask' } }),
      signal: call.signal,
    });
    const reader = streamed.body!.getReader();
    let text = '';
    while (!/^id: ?\S+$/m.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    call.abort();
    // The replica sees the client go, and detaches the stream so that it may be resumed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const eventId = /^id: ?(\S+)$/m.exec(text)?.[1];
    expect(eventId).toBeDefined();
    redis.freeze();
    const started = Date.now();
    const resumed = await fetch(replicas.urls[0]!, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': eventId! },
    });
    expect(resumed.status).toBe(503);
    expect(resumed.headers.get('retry-after')).toBe('1');
    const body = (await resumed.json()) as { error: { code: number; message: string } };
    expect(body.error).toMatchObject({ code: -32000, message: expect.stringContaining('Redis') });
    expect(Date.now() - started).toBeLessThan(COMMAND_TIMEOUT_MS * 3);
    redis.thaw();
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
