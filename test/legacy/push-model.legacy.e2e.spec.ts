import 'reflect-metadata';
import {
  Context,
  Ctx,
  Elicitor,
  ElicitRequestParams,
  RequestCancelledError,
  RequestTimeoutError,
  Tool,
  Tools,
  UrlElicitationRequiredError,
} from '../../src/index.js';
import type { ElicitorApp, ElicitorOptions, ElicitResult } from '../../src/index.js';
import { TestClient } from '../../src/testing/index.js';
import type { ClientOptions, ElicitResult as WireElicitResult } from '@modelcontextprotocol/client';
import { deferred } from './support/deferred.js';
import type { Deferred } from './support/deferred.js';
import {
  connectHttp,
  connectInProcessStdio,
  legacyClient,
  rejectionOf,
  textOf,
} from './support/legacy-client.js';
import type { Connection, ElicitAnswerer } from './support/legacy-client.js';

/**
 * The push model's edges, against the official client on 2025-11-25, with a test-only tool class
 * that counts what really happened: timeouts, cancellation, disconnects, capabilities, -32042 and
 * the completion notification. The app runs in this process (HTTP, or stdio over a stream pair).
 */
const probe = {
  commits: 0,
  aborts: 0,
  failures: [] as unknown[],
  finished: deferred(),
  memoRuns: 0,
  onceRuns: 0,
};

function resetProbe(): void {
  Object.assign(probe, {
    commits: 0,
    aborts: 0,
    failures: [],
    finished: deferred(),
    memoRuns: 0,
    onceRuns: 0,
  });
}

const noteForm = () => ElicitRequestParams.form('Anything to add?').withRequired('note', 'string');
const verifyPage = () => ElicitRequestParams.url('https://example.com/verify', 'Verify on the page');

@Tools()
class ProbeTools {
  @Tool({ description: 'Asks with a 200 ms per-call timeout' })
  askWithShortTimeout(@Ctx() ctx: Context): Promise<string> {
    return this.watched(ctx, () => ctx.elicit('note', noteForm(), { timeoutMs: 200 }));
  }

  @Tool({ description: 'Asks (keyless) bounded only by the app default' })
  askWithAppTimeout(@Ctx() ctx: Context): Promise<string> {
    return this.watched(ctx, () => ctx.elicit(noteForm()));
  }

  @Tool({ description: 'Asks and waits long' })
  askAndWait(@Ctx() ctx: Context): Promise<string> {
    return this.watched(ctx, () => ctx.elicit('note', noteForm(), { timeoutMs: 120_000 }));
  }

  @Tool({ description: 'Asks a form' })
  async askForm(@Ctx() ctx: Context): Promise<string> {
    return (await ctx.elicit(noteForm())).action;
  }

  @Tool({ description: 'Asks for a URL visit' })
  async askUrl(@Ctx() ctx: Context): Promise<string> {
    return (await ctx.elicit(verifyPage())).action;
  }

  @Tool({ description: 'URL mode, then tells the client the step is complete' })
  async urlThenComplete(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('verify', verifyPage());
    if (answer.accepted) await ctx.completeElicitation(answer.elicitationId!);
    return answer.elicitationId ?? 'none';
  }

  @Tool({ description: 'Asks the client model and the client roots' })
  async sampleAndRoots(@Ctx() ctx: Context): Promise<string> {
    const sampled = await ctx.sample('haiku', {
      messages: [{ role: 'user', content: { type: 'text', text: 'A haiku, please' } }],
      maxTokens: 50,
    });
    const roots = await ctx.listRoots('roots');
    return `${(sampled.content as { text: string }).text} | ${roots.roots.map((root) => root.uri).join(',')}`;
  }

  @Tool({ description: 'Needs two out-of-band steps first' })
  needsConnection(): string {
    throw new UrlElicitationRequiredError([
      { url: 'https://example.com/a', message: 'Connect A', elicitationId: 'chosen-by-the-handler' },
      { url: 'https://example.com/b', message: 'Connect B' },
    ]);
  }

  @Tool({ description: 'Keyless and keyed questions, memo, once and a commit in one execution' })
  async mixedKeys(@Ctx() ctx: Context): Promise<string> {
    const quote = await ctx.memo('quote', () => ++probe.memoRuns * 10);
    const first = await ctx.elicit(noteForm());
    const again = await ctx.memo('quote', () => ++probe.memoRuns * 10);
    const second = await ctx.elicit('second', noteForm());
    const charge = await ctx.once('charge', () => `ch_${++probe.onceRuns}`);
    const recharge = await ctx.once('charge', () => `ch_${++probe.onceRuns}`);
    ctx.onCommit(() => {
      probe.commits++;
    });
    return [quote, again, first.content()?.note, second.content()?.note, charge, recharge].join(' ');
  }

  /** Queues a commit, asks, and records what became of the call. */
  private async watched(
    ctx: Context,
    ask: () => Promise<ElicitResult<Record<string, unknown>>>,
  ): Promise<string> {
    ctx.signal.addEventListener('abort', () => probe.aborts++);
    ctx.onCommit(() => {
      probe.commits++;
    });
    try {
      return `answered: ${(await ask()).action}`;
    } catch (error) {
      probe.failures.push(error);
      throw error;
    } finally {
      probe.finished.resolve();
    }
  }
}

const quietLogger = { info() {}, warn() {}, error() {} };

function probeApp(options: Partial<ElicitorOptions> = {}): Promise<ElicitorApp> {
  return Elicitor.create({
    name: 'probe',
    version: '1.0.0',
    tools: [ProbeTools],
    logger: quietLogger,
    ...options,
  });
}

/** A client answer that never comes: it ends only when the server cancels the question (or the test does). */
function neverAnswer(arrived: Deferred<void>, serverCancelled?: Deferred<void>): ElicitAnswerer {
  return (_params, signal) =>
    new Promise<WireElicitResult>((resolve) => {
      arrived.resolve();
      signal.addEventListener('abort', () => {
        serverCancelled?.resolve();
        resolve({ action: 'cancel' });
      });
    });
}

describe.each(['http', 'stdio'] as const)('the push model over %s (2025-11-25)', (transport) => {
  let app: ElicitorApp;
  let url: string | undefined;
  const opened: Connection[] = [];

  async function start(options: Partial<ElicitorOptions> = {}): Promise<void> {
    app = await probeApp(options);
    url = transport === 'http' ? (await app.listen({ http: { port: 0 } })).url : undefined;
  }

  /** HTTP clients refuse the standalone GET stream, so every question must ride its call's POST stream. */
  async function open(
    setup: { capabilities?: ClientOptions['capabilities']; onElicit?: ElicitAnswerer } = {},
  ): Promise<Connection> {
    const client = legacyClient({ version: '2025-11-25', ...setup });
    const connection =
      transport === 'http'
        ? await connectHttp(client, url!, { refuseGetStream: true })
        : await connectInProcessStdio(client, app);
    opened.push(connection);
    return connection;
  }

  beforeEach(async () => {
    resetProbe();
    await start();
  });
  afterEach(async () => {
    await Promise.allSettled(opened.splice(0).map((connection) => connection.client.close()));
    await app.close();
  });

  const accept =
    (note: string): ElicitAnswerer =>
    (params) =>
      params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: { note } };

  it('keyless and keyed questions in one handler; memo, once and onCommit keep their meaning', async () => {
    const { client, wire } = await open({ onElicit: accept('hi') });

    const result = await client.callTool({ name: 'mixed_keys', arguments: {} });

    expect(textOf(result)).toBe('10 10 hi hi ch_1 ch_1');
    expect(wire.requests('elicitation/create')).toHaveLength(2);
    expect([probe.memoRuns, probe.onceRuns, probe.commits]).toStrictEqual([1, 1, 1]);
  });

  it('a per-call timeout ends the question: RequestTimeoutError, notifications/cancelled to the client, no commit', async () => {
    const arrived = deferred();
    const serverCancelled = deferred();
    const { client, wire } = await open({ onElicit: neverAnswer(arrived, serverCancelled) });

    const result = await client.callTool({ name: 'ask_with_short_timeout', arguments: {} });
    await serverCancelled.promise;
    await probe.finished.promise;

    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('The client did not answer elicitation/create within 200 ms');
    expect(probe.failures).toStrictEqual([expect.any(RequestTimeoutError)]);
    expect([probe.aborts, probe.commits]).toStrictEqual([0, 0]);
    const [question] = wire.requests('elicitation/create');
    expect(wire.notifications('notifications/cancelled')).toStrictEqual([
      { requestId: question!.id, reason: expect.stringMatching(/timed out/i) },
    ]);
  });

  it('the app option legacyRequestTimeoutMs bounds a question that sets no timeout', async () => {
    await app.close();
    await start({ legacyRequestTimeoutMs: 250 });
    const serverCancelled = deferred();
    const { client, wire } = await open({ onElicit: neverAnswer(deferred(), serverCancelled) });

    const result = await client.callTool({ name: 'ask_with_app_timeout', arguments: {} });
    await serverCancelled.promise;

    expect(textOf(result)).toBe('The client did not answer elicitation/create within 250 ms');
    expect(probe.failures).toStrictEqual([expect.any(RequestTimeoutError)]);
    expect(probe.commits).toBe(0);
    expect(wire.notifications('notifications/cancelled')).toHaveLength(1);
  });

  it('cancelling the tool call abandons the question: the handler signal fires, no commit runs', async () => {
    const arrived = deferred();
    const serverCancelled = deferred();
    const { client, wire } = await open({ onElicit: neverAnswer(arrived, serverCancelled) });
    const cancel = new AbortController();

    const calling = client.callTool({ name: 'ask_and_wait', arguments: {} }, { signal: cancel.signal });
    await arrived.promise;
    cancel.abort('changed my mind');
    await expect(calling).rejects.toThrow();
    await probe.finished.promise;
    await serverCancelled.promise;

    const [question] = wire.requests('elicitation/create');
    expect(wire.notifications('notifications/cancelled')).toStrictEqual([
      { requestId: question!.id, reason: 'changed my mind' },
    ]);

    expect(probe.aborts).toBe(1);
    expect(probe.commits).toBe(0);
    expect(probe.failures).toStrictEqual([expect.any(RequestCancelledError)]);
    expect((probe.failures[0] as Error).message).toBe('elicitation/create was abandoned: changed my mind');
  });

  it('a client that disconnects mid-question: the handler signal fires, no commit runs', async () => {
    const arrived = deferred();
    const { client } = await open({ onElicit: neverAnswer(arrived) });

    const calling = client.callTool({ name: 'ask_and_wait', arguments: {} }).catch((error: unknown) => error);
    await arrived.promise;
    await client.close();
    await probe.finished.promise;

    expect(await calling).toBeInstanceOf(Error);
    expect(probe.aborts).toBe(1);
    expect(probe.commits).toBe(0);
    expect(probe.failures).toStrictEqual([expect.any(RequestCancelledError)]);
  });

  it('sampling and roots requests also ride the call (no standalone stream needed)', async () => {
    const { client, wire } = await open({
      capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
    });
    client.setRequestHandler('sampling/createMessage', () => ({
      role: 'assistant',
      content: { type: 'text', text: 'old pond' },
      model: 'test-model',
    }));
    client.setRequestHandler('roots/list', () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));

    const result = await client.callTool({ name: 'sample_and_roots', arguments: {} });

    expect(textOf(result)).toBe('old pond | file:///work');
    expect(wire.requests('sampling/createMessage')).toHaveLength(1);
    expect(wire.requests('roots/list')).toHaveLength(1);
  });

  it('URL mode: notifications/elicitation/complete reaches the client with the question id', async () => {
    const completed = deferred<string>();
    const { client, wire } = await open({ onElicit: accept('unused') });
    client.setNotificationHandler('notifications/elicitation/complete', (notification) =>
      completed.resolve(notification.params.elicitationId),
    );

    const result = await client.callTool({ name: 'url_then_complete', arguments: {} });
    const completedId = await completed.promise;

    const [question] = wire.requests('elicitation/create');
    expect(question!.params).toMatchObject({
      mode: 'url',
      url: 'https://example.com/verify',
      elicitationId: completedId,
    });
    expect(textOf(result)).toBe(completedId);
  });

  it('-32042 carries data.elicitations: URL-mode params, each with an elicitationId', async () => {
    const { client } = await open({ onElicit: accept('unused') });

    const error = await rejectionOf(client.callTool({ name: 'needs_connection', arguments: {} }));

    expect(error.code).toBe(-32042);
    expect(error.message).toBe('This request requires more information.');
    expect(error.data).toStrictEqual({
      elicitations: [
        {
          mode: 'url',
          elicitationId: 'chosen-by-the-handler',
          url: 'https://example.com/a',
          message: 'Connect A',
        },
        {
          mode: 'url',
          elicitationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          url: 'https://example.com/b',
          message: 'Connect B',
        },
      ],
    });
  });

  it('a client without the elicitation capability: -32021, and no request is sent', async () => {
    const { client, wire } = await open({ capabilities: {} });

    const form = await rejectionOf(client.callTool({ name: 'ask_form', arguments: {} }));
    const visit = await rejectionOf(client.callTool({ name: 'ask_url', arguments: {} }));

    expect(form.code).toBe(-32021);
    expect(form.message).toMatch(/did not declare the elicitation capability in initialize/);
    expect(form.data).toStrictEqual({ requiredCapabilities: { elicitation: { form: {} } } });
    expect(visit.code).toBe(-32021);
    expect(wire.requests('elicitation/create')).toHaveLength(0);
  });

  it('a form-only client is never sent URL mode, nor -32042: -32021 instead', async () => {
    let asked = 0;
    const { client, wire } = await open({
      capabilities: { elicitation: { form: {} } },
      onElicit: (params, signal) => (asked++, accept('ok')(params, signal)),
    });

    const visit = await rejectionOf(client.callTool({ name: 'ask_url', arguments: {} }));
    const connect = await rejectionOf(client.callTool({ name: 'needs_connection', arguments: {} }));
    const form = await client.callTool({ name: 'ask_form', arguments: {} });

    expect(visit.code).toBe(-32021);
    expect(visit.message).toMatch(/did not declare URL-mode elicitation/);
    expect(visit.data).toStrictEqual({ requiredCapabilities: { elicitation: { url: {} } } });
    expect(connect.code).toBe(-32021);
    expect(textOf(form)).toBe('accept');
    expect(asked).toBe(1);
    expect(wire.requests('elicitation/create').map((request) => request.params.mode)).toStrictEqual(['form']);
  });
});

describe('keyless ctx.elicit(params) on a 2026-07-28 request', () => {
  it('is a developer error: logged with the reason, a generic error result for the client', async () => {
    const logged: unknown[] = [];
    const modern = await TestClient.create({
      tools: [ProbeTools],
      logger: { info() {}, warn() {}, error: (_message: string, error?: unknown) => logged.push(error) },
    });
    try {
      const run = await modern.callTool('ask_form');

      expect(run.result?.isError).toBe(true);
      expect(run.rounds).toHaveLength(1);
      expect(logged).toStrictEqual([
        expect.objectContaining({ message: expect.stringMatching(/every question needs a replay key/) }),
      ]);
    } finally {
      await modern.close();
    }
  });
});
