import 'reflect-metadata';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  Args,
  Complete,
  Elicitor,
  Field,
  ListChangedNotifier,
  Prompt,
  Resource,
  Tool,
  Tools,
} from 'elicitor';
import type { ElicitorApp } from 'elicitor';

/** Completion, change notifications, resource subscriptions and Mcp-Param headers over real HTTP, both eras. */

class TopicArgs {
  @Field() topic!: string;
}

class RegionArgs {
  @Field({ optional: true }) region?: string;
}

@Tools()
class FeatureTools {
  constructor(private readonly lists: ListChangedNotifier) {}

  @Tool({ description: 'Announces a new tool' })
  addTool(): string {
    this.lists.notify('tools');
    return 'added';
  }

  @Tool({
    description: 'Runs in a region',
    inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
  })
  runIn(@Args() args: RegionArgs): string {
    return `running in ${args.region ?? 'nowhere'}`;
  }

  @Prompt({ description: 'Writes about a topic' })
  essay(@Args() args: TopicArgs): string {
    return `Write about ${args.topic}`;
  }

  @Complete({ prompt: 'essay', argument: 'topic' })
  topics(value: string): string[] {
    return ['owls', 'oceans', 'opera', 'maths'].filter((topic) => topic.startsWith(value));
  }

  @Resource({ uri: 'test://weather', mimeType: 'text/plain' })
  weather(): string {
    return 'sunny';
  }
}

const quiet = { info() {}, warn() {}, error() {} };
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

let app: ElicitorApp;
let url: string;

beforeAll(async () => {
  app = await Elicitor.create({
    name: 'features',
    version: '1.0.0',
    tools: [FeatureTools],
    listChanged: true,
    resourceSubscriptions: true,
    logger: quiet,
  });
  url = (await app.listen({ http: { port: 0 } })).url!;
});
afterAll(() => app.close());

function modernPost(
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) {
  const name = params.name ?? params.uri;
  const meta = { ...META, ...(params._meta as object | undefined) };
  return fetch(url, {
    method: 'POST',
    signal: signal ?? null,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
  });
}

/** Reads SSE `data:` frames until `count` arrived. */
async function readFrames(response: Response, count: number): Promise<Array<Record<string, unknown>>> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const frames: Array<Record<string, unknown>> = [];
  let buffer = '';
  while (frames.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines)
      if (line.startsWith('data: ')) frames.push(JSON.parse(line.slice(6)) as Record<string, unknown>);
  }
  reader.releaseLock();
  return frames;
}

describe('modern leg (2026-07-28)', () => {
  it('streams subscriptions/listen: acknowledgement first, then tagged list changes, until the client leaves', async () => {
    const abort = new AbortController();
    const listen = await modernPost(
      'subscriptions/listen',
      { notifications: { toolsListChanged: true } },
      {},
      abort.signal,
    );
    expect(listen.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reading = readFrames(listen, 2);
    const trigger = await modernPost('tools/call', { name: 'add_tool', arguments: {} });
    expect(trigger.status).toBe(200);
    const frames = await reading;
    abort.abort();
    expect(frames[0]).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { toolsListChanged: true }, _meta: { [SUBSCRIPTION_ID]: 1 } },
    });
    expect(frames[1]).toMatchObject({
      method: 'notifications/tools/list_changed',
      params: { _meta: { [SUBSCRIPTION_ID]: 1 } },
    });
  });

  it('serves completion/complete', async () => {
    const response = await modernPost('completion/complete', {
      ref: { type: 'ref/prompt', name: 'essay' },
      argument: { name: 'topic', value: 'o' },
    });
    expect(await response.json()).toMatchObject({
      result: { resultType: 'complete', completion: { values: ['owls', 'oceans', 'opera'] } },
    });
  });

  it('checks Mcp-Param headers against the arguments', async () => {
    const ok = await modernPost(
      'tools/call',
      { name: 'run_in', arguments: { region: 'eu' } },
      { 'mcp-param-region': 'eu' },
    );
    expect(ok.status).toBe(200);
    const missing = await modernPost('tools/call', { name: 'run_in', arguments: { region: 'eu' } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ id: 1, error: { code: -32020 } });
  });

  it('compares the version header with _meta before judging the version', async () => {
    const unknown = { _meta: { 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } };
    const disagreeing = await modernPost('server/discover', unknown);
    expect(disagreeing.status).toBe(400);
    expect(await disagreeing.json()).toMatchObject({ error: { code: -32020 } });
    const unsupported = await modernPost('server/discover', unknown, { 'mcp-protocol-version': 'v999.0.0' });
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toMatchObject({
      error: { code: -32022, data: { supported: ['2026-07-28'], requested: 'v999.0.0' } },
    });
  });

  it('answers removed methods, initialize included, with 404 -32601', async () => {
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe']) {
      const response = await modernPost(method, {});
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: -32601 } });
    }
  });
});

describe('legacy leg (2025-11-25)', () => {
  let client: Client;
  let transport: StreamableHTTPClientTransport;
  beforeEach(async () => {
    client = new Client({ name: 'legacy-e2e', version: '1.0.0' }, { capabilities: {} });
    transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
  });
  afterEach(() => client.close());

  it('declares completions, logging, listChanged and resources.subscribe', () => {
    expect(client.getServerCapabilities()).toMatchObject({
      completions: {},
      logging: {},
      tools: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
    });
  });

  it('serves completion, ping and logging/setLevel', async () => {
    expect(
      (
        await client.complete({
          ref: { type: 'ref/prompt', name: 'essay' },
          argument: { name: 'topic', value: 'm' },
        })
      ).completion.values,
    ).toStrictEqual(['maths']);
    expect(await client.ping()).toStrictEqual({});
    expect(await client.setLoggingLevel('info')).toStrictEqual({});
  });

  it('pushes list changes and updates of subscribed resources to the session', async () => {
    const received = new Set<string>();
    client.setNotificationHandler('notifications/tools/list_changed', () => void received.add('tools'));
    client.setNotificationHandler(
      'notifications/resources/updated',
      (notification) => void received.add(notification.params.uri),
    );
    expect(await client.subscribeResource({ uri: 'test://weather' })).toStrictEqual({});
    // Session notifications travel on the standalone stream, which the client opens shortly after
    // initialize; publish until it is there.
    for (let attempt = 0; attempt < 50 && received.size < 2; attempt++) {
      await client.callTool({ name: 'add_tool', arguments: {} });
      app.notifyResourceUpdated('test://weather');
      app.notifyResourceUpdated('test://not-subscribed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect([...received].sort()).toStrictEqual(['test://weather', 'tools']);
    expect(await client.unsubscribeResource({ uri: 'test://weather' })).toStrictEqual({});
  });

  it('forgets a session after DELETE: the next request gets 404', async () => {
    const sessionId = transport.sessionId!;
    await transport.terminateSession();
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(response.status).toBe(404);
  });
});
