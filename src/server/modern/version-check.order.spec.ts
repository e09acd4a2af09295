import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Elicitor } from '../../app/elicitor.js';
import type { ElicitorApp } from '../../app/elicitor-app.js';
import { Tool } from '../../decorators/tool.decorator.js';
import { Tools } from '../../decorators/tools.decorator.js';
import { testKeyring } from '../../testing/test-keyring.js';

@Tools()
class PingTools {
  @Tool({ description: 'Answers' })
  pong(): string {
    return 'pong';
  }
}

function discover(version: string) {
  return {
    jsonrpc: '2.0',
    id: 301,
    method: 'server/discover',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': version,
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  };
}

function headers(version: string) {
  return { protocolVersion: version, method: 'server/discover', name: undefined, params: {} };
}

describe('version checks on the modern leg', () => {
  let app: ElicitorApp;
  beforeAll(async () => {
    app = await Elicitor.create({ name: 't', version: '1', tools: [PingTools], requestState: { keys: testKeyring() } });
  });
  afterAll(() => app.close());

  const send = (message: unknown, requestHeaders?: ReturnType<typeof headers>) =>
    app['parts'].modern.handle({
      message,
      headers: requestHeaders,
      signal: new AbortController().signal,
      notify: async () => {},
    });

  it('answers a header that disagrees with _meta with -32020, even for an unknown version', async () => {
    const reply = await send(discover('v999.0.0'), headers('2026-07-28'));
    expect(reply).toMatchObject({ status: 400, body: { id: 301, error: { code: -32020 } } });
  });

  it('answers an unsupported version named consistently with -32022 and the supported list', async () => {
    const reply = await send(discover('v999.0.0'), headers('v999.0.0'));
    expect(reply).toMatchObject({
      status: 400,
      body: { id: 301, error: { code: -32022, data: { supported: ['2026-07-28'], requested: 'v999.0.0' } } },
    });
    expect(await send(discover('v999.0.0'))).toMatchObject({ status: 400, body: { error: { code: -32022 } } });
  });
});
