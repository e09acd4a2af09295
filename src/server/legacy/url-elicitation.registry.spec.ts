import { describe, expect, it, jest } from '@jest/globals';
import { LegacyConnection } from './legacy-connection.js';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import { MemoryFleet } from '../../fleet/memory-fleet.store.js';
import { elicitationComplete, UrlElicitationRegistry } from './url-elicitation.registry.js';
import type { UrlCompletionTarget } from './url-elicitation.registry.js';

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

/** A session shared through a fleet, as one replica's copy of it. */
function fleetTarget(sessionId = 'shared', open = true) {
  const notify = jest.fn(async (_notification: unknown) => {});
  const target = {
    isOpen: open,
    fleetSessionId: sessionId,
    acceptsUrlCompletion: () => true,
    notify,
  };
  return { target, notify };
}

/** Two replicas' registries on one fleet, each reaching sessions through `reach`: A remembers, C does not. */
function twoReplicas(reach: (sessionId: string) => Promise<UrlCompletionTarget | undefined>) {
  let now = 0;
  const fleet = new MemoryFleet({ clock: { now: () => now } });
  const options = { ttlMs: 1_000, now: () => now, fleet: fleet.records };
  const a = new UrlElicitationRegistry(options);
  const c = new UrlElicitationRegistry(options);
  a.reachSessionsThrough(reach);
  c.reachSessionsThrough(reach);
  return { a, c, fleet, advance: (ms: number) => void (now += ms) };
}

/** Lets the fire-and-forget record of `remember` land. */
const recorded = () => new Promise((resolve) => setImmediate(resolve));

describe('UrlElicitationRegistry with a fleet', () => {
  it('records which session an id went to, for the TTL, and only for sessions the fleet shares', async () => {
    const { a, fleet, advance } = twoReplicas(async () => undefined);
    a.remember('pay', fleetTarget('s1').target);
    a.remember('local', session().server);
    await recorded();
    expect(await fleet.records.read('url-elicitation:pay')).toStrictEqual({ session: 's1' });
    expect(await fleet.records.read('url-elicitation:local')).toBeUndefined();
    advance(1_000);
    expect(await fleet.records.read('url-elicitation:pay')).toBeUndefined();
  });

  it('completes on a replica without the id through the session it reaches, once everywhere', async () => {
    const remote = fleetTarget('s1');
    const reach = jest.fn(async (sessionId: string) => (sessionId === 's1' ? remote.target : undefined));
    const { a, c } = twoReplicas(reach);
    a.remember('pay', fleetTarget('s1').target);
    await recorded();
    expect(await c.complete('pay')).toBe(true);
    expect(remote.notify).toHaveBeenCalledWith(elicitationComplete('pay'));
    expect(await c.complete('pay')).toBe(false);
    expect(await a.complete('pay')).toBe(false);
    expect(remote.notify).toHaveBeenCalledTimes(1);
  });

  it('lets one of two racing replicas send', async () => {
    const remote = fleetTarget('s1');
    const { a, c } = twoReplicas(async () => remote.target);
    const local = fleetTarget('s1');
    a.remember('pay', local.target);
    await recorded();
    const results = await Promise.all([a.complete('pay'), c.complete('pay')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(local.notify.mock.calls.length + remote.notify.mock.calls.length).toBe(1);
  });

  it('is false for an expired id, a session gone, and where no endpoint can reach the session', async () => {
    const { a, c, fleet, advance } = twoReplicas(async () => undefined);
    a.remember('late', fleetTarget('s1').target);
    a.remember('gone', fleetTarget('s2').target);
    await recorded();
    const endpointless = new UrlElicitationRegistry({ fleet: fleet.records });
    expect(await endpointless.complete('gone')).toBe(false);
    expect(await c.complete('gone')).toBe(false);
    expect(await fleet.records.read('url-elicitation:gone')).toBeUndefined();
    advance(1_000);
    expect(await c.complete('late')).toBe(false);
    expect(await a.complete('late')).toBe(false);
  });

  it('falls back to the fleet when the copy that remembered the id was dropped here', async () => {
    const remote = fleetTarget('s1');
    const { a } = twoReplicas(async () => remote.target);
    a.remember('pay', fleetTarget('s1', false).target);
    await recorded();
    expect(await a.complete('pay')).toBe(true);
    expect(remote.notify).toHaveBeenCalledTimes(1);
  });

  it('lets a retry send when the first attempt could not, and rejects while the fleet is out', async () => {
    const remote = fleetTarget('s1');
    remote.notify.mockRejectedValueOnce(new StoreUnavailableError('memory'));
    remote.notify.mockRejectedValueOnce(new Error('write failed'));
    const { a, c } = twoReplicas(async () => remote.target);
    a.remember('pay', fleetTarget('s1').target);
    await recorded();
    await expect(c.complete('pay')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await c.complete('pay')).toBe(false);
    expect(await c.complete('pay')).toBe(true);
    expect(await c.complete('pay')).toBe(false);
  });
});
