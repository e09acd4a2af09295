import type { Fleet } from './fleet.types.js';

/** What every fleet must do, run against the memory and the Redis fleet alike. */
export function describeFleetContract(name: string, makeFleets: () => Promise<[Fleet, Fleet]>): void {
  describe(`${name}: the fleet contract`, () => {
    let a: Fleet;
    let b: Fleet;
    beforeEach(async () => {
      [a, b] = await makeFleets();
    });
    afterEach(async () => {
      await Promise.all([a.close(), b.close()]);
    });

    it('shares session records, holds the cap across fleets, and removes a session everywhere', async () => {
      const limits = { maxSessions: 2, idleTimeoutMs: 60_000 };
      expect(await a.sessions.admit('s1', '{"v":1}', limits)).toBe(true);
      expect(await b.sessions.admit('s2', '{"v":2}', limits)).toBe(true);
      expect(await a.sessions.admit('s3', '{}', limits)).toBe(false);
      expect(await b.sessions.load('s1')).toBe('{"v":1}');
      await b.sessions.save('s1', '{"v":3}', limits.idleTimeoutMs);
      expect(await a.sessions.load('s1')).toBe('{"v":3}');
      expect(await b.sessions.remove('s1')).toBe(true);
      expect(await a.sessions.load('s1')).toBeUndefined();
      expect(await a.sessions.touch('s1', limits.idleTimeoutMs)).toBe(false);
      expect(await a.sessions.admit('s3', '{}', limits)).toBe(true);
    });

    it('lets an idle session expire, and a touched one live on', async () => {
      // Margins of hundreds of milliseconds: a loaded machine may run a timer late.
      const limits = { maxSessions: 1, idleTimeoutMs: 1_000 };
      expect(await a.sessions.admit('idle', '{}', limits)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await b.sessions.touch('idle', 1_000)).toBe(true);
      // Past the first expiry, within the renewed one.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await a.sessions.load('idle')).toBe('{}');
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(await a.sessions.load('idle')).toBeUndefined();
      expect(await b.sessions.admit('next', '{}', limits)).toBe(true);
    });

    it('delivers a message published by one fleet to a listener of the other', async () => {
      const heard: string[] = [];
      const stop = await b.bus.subscribe('chan', (message) => heard.push(message));
      await a.bus.publish('chan', 'hello');
      await waitFor(() => heard.length === 1);
      stop();
      await a.bus.publish('chan', 'unheard');
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(heard).toStrictEqual(['hello']);
    });

    it('replays the events after an id, to another fleet, and forgets a stream', async () => {
      const first = await a.events.append('stream-1', 'one');
      await a.events.append('stream-1', 'two');
      await a.events.append('other', 'elsewhere');
      const third = await a.events.append('stream-1', 'three');
      const later = await b.events.after(first);
      expect(later?.streamId).toBe('stream-1');
      expect(later?.events.map((event) => event.message)).toStrictEqual(['two', 'three']);
      expect(later?.events[1]!.id).toBe(third);
      expect(await b.events.after('stream-1_nonsense')).toBeUndefined();
      await b.events.forget('stream-1');
      expect(await a.events.after(first)).toBeUndefined();
    });

    it('merges record fields, and gives a lease to one owner at a time until it lapses', async () => {
      await a.records.put('call', { request: 'r' }, 60_000);
      await b.records.put('call', { 'answer:x': '1' }, 60_000);
      expect(await a.records.read('call')).toStrictEqual({ request: 'r', 'answer:x': '1' });
      await a.records.drop('call');
      expect(await b.records.read('call')).toBeUndefined();
      expect(await a.records.claim('lease', 'A', 1_000)).toBe(true);
      expect(await b.records.claim('lease', 'B', 1_000)).toBe(false);
      expect(await a.records.claim('lease', 'A', 1_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await b.records.claim('lease', 'B', 1_000)).toBe(true);
      await a.records.release('lease', 'A');
      expect(await a.records.claim('lease', 'A', 1_000)).toBe(false);
      await b.records.release('lease', 'B');
      expect(await a.records.claim('lease', 'A', 1_000)).toBe(true);
    });
  });
}

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
