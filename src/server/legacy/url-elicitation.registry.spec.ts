import { describe, expect, it, jest } from '@jest/globals';
import { LegacyConnection } from './legacy-connection.js';
import { UrlElicitationRegistry } from './url-elicitation.registry.js';

/** A live 2025-11-25 session whose client declared URL mode, writing to a mock. */
function session(version = '2025-11-25', url: Record<string, never> | null = {}) {
  const notification = jest.fn(async (_message: unknown) => {});
  const server = new LegacyConnection(
    {
      id: 's',
      protocolVersion: version,
      clientCapabilities: { elicitation: { form: {}, ...(url ? { url } : {}) } },
      clientInfo: undefined,
      logLevel: undefined,
      subscriptions: [],
      initialized: true,
    },
    { send: ({ jsonrpc: _, ...message }) => notification(message), closeCallStream: () => false },
  );
  return { server, notification };
}

describe('UrlElicitationRegistry', () => {
  it('notifies the session that got the id, once', async () => {
    const registry = new UrlElicitationRegistry();
    const { server, notification } = session();
    registry.remember('a', server);
    expect(await registry.complete('a')).toBe(true);
    expect(notification).toHaveBeenCalledWith({
      method: 'notifications/elicitation/complete',
      params: { elicitationId: 'a' },
    });
    expect(await registry.complete('a')).toBe(false);
    expect(notification).toHaveBeenCalledTimes(1);
  });

  it('skips clients that cannot be told: before 2025-11-25 or without URL mode', async () => {
    const registry = new UrlElicitationRegistry();
    registry.remember('old', session('2025-06-18').server);
    registry.remember('form-only', session('2025-11-25', null).server);
    expect(await registry.complete('old')).toBe(false);
    expect(await registry.complete('form-only')).toBe(false);
  });

  it('forgets ids after the TTL, past the bound, and when the session closed', async () => {
    let now = 0;
    const registry = new UrlElicitationRegistry({ ttlMs: 1_000, maxEntries: 2, now: () => now });
    const { server, notification } = session();
    registry.remember('late', server);
    now = 1_000;
    expect(await registry.complete('late')).toBe(false);
    registry.remember('one', server);
    registry.remember('two', server);
    registry.remember('three', server);
    expect(await registry.complete('one')).toBe(false);
    expect(await registry.complete('three')).toBe(true);
    server.close();
    expect(await registry.complete('two')).toBe(false);
    expect(notification).toHaveBeenCalledTimes(1);
  });
});
