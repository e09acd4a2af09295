import 'reflect-metadata';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Elicitor } from '../../app/elicitor.js';
import type { ElicitorApp } from '../../app/elicitor-app.js';
import type { ElicitorOptions } from '../../app/elicitor.options.js';
import { RequestAbort } from '../../context/request-abort.js';
import type { OutboundNotification, RequestEnvironment } from '../../context/request-environment.js';
import { Prompt } from '../../decorators/prompt.decorator.js';
import { Resource } from '../../decorators/resource.decorator.js';
import { Tool } from '../../decorators/tool.decorator.js';
import { Tools } from '../../decorators/tools.decorator.js';
import { testKeyring } from '../../testing/test-keyring.js';
import { ListChangedNotifier } from './list-changed-notifier.js';
import { createListenHandler } from './listen.handler.js';
import { ServerEventHub } from './server-event-hub.js';
import type { TaskStatusSource } from './task-status-source.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const quiet = { info() {}, warn() {}, error() {} };

@Tools()
class CatalogueTools {
  constructor(private readonly lists: ListChangedNotifier) {}

  @Tool({ description: 'Adds a tool, as far as clients know' })
  addTool(): string {
    this.lists.notify('tools');
    return 'added';
  }

  @Prompt({ description: 'A prompt' })
  hello(): string {
    return 'hello';
  }

  @Resource({ uri: 'test://watched', mimeType: 'text/plain' })
  watched(): string {
    return 'watched';
  }
}

function modernMessage(id: number, method: string, params: Record<string, unknown>) {
  return {
    jsonrpc: '2.0',
    id,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('subscriptions/listen', () => {
  let app: ElicitorApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function create(options: Partial<ElicitorOptions> = {}): Promise<ElicitorApp> {
    app = await Elicitor.create({
      name: 'listen-test',
      version: '1.0.0',
      tools: [CatalogueTools],
      logger: quiet,
      requestState: { keys: testKeyring() },
      listChanged: true,
      resourceSubscriptions: true,
      ...options,
    });
    return app;
  }

  function listen(target: ElicitorApp, id: number, notifications: Record<string, unknown>) {
    const frames: OutboundNotification[] = [];
    const abort = new AbortController();
    const reply = target.handleModernMessage(modernMessage(id, 'subscriptions/listen', { notifications }), {
      signal: abort.signal,
      notify: async (notification) => {
        frames.push(notification);
      },
    });
    return { frames, abort, reply };
  }

  it('acknowledges first with the honoured filter, then forwards matching events tagged with the subscription id', async () => {
    const target = await create();
    const stream = listen(target, 7, { toolsListChanged: true, resourceSubscriptions: ['test://watched'] });
    await tick();
    await target.handleModernMessage(modernMessage(8, 'tools/call', { name: 'add_tool', arguments: {} }));
    target.notifyListChanged('prompts');
    target.notifyResourceUpdated('test://watched');
    target.notifyResourceUpdated('test://elsewhere');
    await tick();
    expect(stream.frames).toStrictEqual([
      {
        method: 'notifications/subscriptions/acknowledged',
        params: {
          notifications: { toolsListChanged: true, resourceSubscriptions: ['test://watched'] },
          _meta: { [SUBSCRIPTION_ID]: 7 },
        },
      },
      { method: 'notifications/tools/list_changed', params: { _meta: { [SUBSCRIPTION_ID]: 7 } } },
      {
        method: 'notifications/resources/updated',
        params: { uri: 'test://watched', _meta: { [SUBSCRIPTION_ID]: 7 } },
      },
    ]);
    stream.abort.abort();
    await stream.reply;
  });

  it('stops forwarding once the client closes the stream', async () => {
    const target = await create();
    const stream = listen(target, 1, { promptsListChanged: true });
    await tick();
    stream.abort.abort();
    await stream.reply;
    target.notifyListChanged('prompts');
    await tick();
    expect(stream.frames.map((frame) => frame.method)).toStrictEqual([
      'notifications/subscriptions/acknowledged',
    ]);
  });

  it('ends open streams with an empty result naming the subscription when the app closes', async () => {
    const target = await create();
    const stream = listen(target, 'sub-1' as unknown as number, { toolsListChanged: true });
    await tick();
    await target.close();
    app = undefined;
    const reply = await stream.reply;
    expect(reply.body?.result).toMatchObject({
      resultType: 'complete',
      _meta: { [SUBSCRIPTION_ID]: 'sub-1' },
    });
  });

  it('leaves out of the acknowledgement what the app does not deliver', async () => {
    const target = await create({ resourceSubscriptions: false });
    const stream = listen(target, 3, { promptsListChanged: true, resourceSubscriptions: ['test://watched'] });
    await tick();
    expect(stream.frames[0]!.params).toMatchObject({ notifications: { promptsListChanged: true } });
    expect(stream.frames[0]!.params!.notifications).not.toHaveProperty('resourceSubscriptions');
    stream.abort.abort();
    await stream.reply;
  });

  it('is not offered when the app announces no changes at all', async () => {
    const target = await create({ listChanged: false, resourceSubscriptions: false });
    const reply = await target.handleModernMessage(
      modernMessage(4, 'subscriptions/listen', { notifications: {} }),
    );
    expect(reply).toMatchObject({ status: 404, body: { error: { code: -32601 } } });
    target.notifyListChanged('tools');
  });
});

describe('subscriptions/listen with taskIds', () => {
  it('acknowledges the task ids its source honours, forwards their notifications tagged, and stops following at the end', async () => {
    const hub = new ServerEventHub();
    let stopped = false;
    let send: ((notification: OutboundNotification) => void) | undefined;
    const source: TaskStatusSource = {
      honour: (ids) => Promise.resolve(ids.filter((id) => id !== 'foreign')),
      follow: (ids, deliver) => {
        expect(ids).toStrictEqual(['mine']);
        send = deliver;
        return () => {
          stopped = true;
        };
      },
    };
    const none = { tools: false, prompts: false, resources: false, resourceSubscriptions: false };
    const handler = createListenHandler(hub, none, source);
    const sent: OutboundNotification[] = [];
    const abort = new RequestAbort();
    const environment = {
      era: 'modern',
      protocolVersion: '2026-07-28',
      clientCapabilities: {},
      requestId: 7,
      abort,
      notify: (notification: OutboundNotification) => {
        sent.push(notification);
        return Promise.resolve();
      },
    } as RequestEnvironment;
    // The listen handler reads only the params and the environment.
    const request = {} as Parameters<typeof handler>[2];
    const listening = handler({ notifications: { taskIds: ['mine', 'foreign'] } }, environment, request);
    for (let turn = 0; turn < 5 && send === undefined; turn++) await tick();
    send!({ method: 'notifications/tasks', params: { taskId: 'mine', status: 'working' } });
    await tick();
    abort.abort(new Error('client left'));
    await expect(listening).resolves.toStrictEqual({ _meta: { [SUBSCRIPTION_ID]: 7 } });
    expect(stopped).toBe(true);
    expect(sent).toStrictEqual([
      {
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: { taskIds: ['mine'] }, _meta: { [SUBSCRIPTION_ID]: 7 } },
      },
      {
        method: 'notifications/tasks',
        params: { taskId: 'mine', status: 'working', _meta: { [SUBSCRIPTION_ID]: 7 } },
      },
    ]);
  });
});
