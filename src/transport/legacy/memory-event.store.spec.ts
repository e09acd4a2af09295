import { describe, expect, it } from '@jest/globals';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { MemoryEventStore } from './memory-event.store.js';

const note = (n: number) =>
  ({ jsonrpc: '2.0', method: 'notifications/message', params: { n } }) as JSONRPCMessage;

async function replayed(store: MemoryEventStore, lastEventId: string) {
  const sent: Array<{ eventId: string; message: JSONRPCMessage }> = [];
  const streamId = await store.replayEventsAfter(lastEventId, {
    send: async (eventId, message) => {
      sent.push({ eventId, message });
    },
  });
  return { streamId, sent };
}

describe('MemoryEventStore', () => {
  it('replays the later events of one stream, in order, without the priming event', async () => {
    const store = new MemoryEventStore();
    const priming = await store.storeEvent('s1', {} as JSONRPCMessage);
    const first = await store.storeEvent('s1', note(1));
    await store.storeEvent('s2', note(99));
    const second = await store.storeEvent('s1', note(2));
    const third = await store.storeEvent('s1', note(3));

    const afterPriming = await replayed(store, priming);
    expect(afterPriming.streamId).toBe('s1');
    expect(afterPriming.sent.map((event) => event.eventId)).toStrictEqual([first, second, third]);
    expect(afterPriming.sent.map((event) => event.message)).toStrictEqual([note(1), note(2), note(3)]);
    expect((await replayed(store, second)).sent.map((event) => event.eventId)).toStrictEqual([third]);
    expect((await replayed(store, third)).sent).toStrictEqual([]);
    expect(await store.getStreamIdForEventId(first)).toBe('s1');
  });

  it('keeps an event stored as text as that one string, and replays it as the message, priming text skipped', async () => {
    const store = new MemoryEventStore();
    const json = JSON.stringify(note(7));
    const priming = await store.storeEventText('s1', '{}');
    const texted = await store.storeEventText('s1', json);
    const given = await store.storeEvent('s1', note(8));
    const held = (store as unknown as { streams: Map<string, { messages: unknown[] }> }).streams.get('s1')!;
    expect(held.messages[1]).toBe(json);
    const { sent } = await replayed(store, priming);
    expect(sent.map((event) => event.eventId)).toStrictEqual([texted, given]);
    expect(sent.map((event) => event.message)).toStrictEqual([note(7), note(8)]);
  });

  it('does not know an event id it never issued', async () => {
    const store = new MemoryEventStore();
    expect(await store.getStreamIdForEventId('s1_0')).toBeUndefined();
    await expect(replayed(store, 'forged')).rejects.toThrow(/Unknown event id/);
  });

  it('keeps at most maxEvents, dropping the oldest first', async () => {
    const store = new MemoryEventStore({ maxEvents: 3 });
    const ids = [];
    for (let n = 0; n < 5; n++) ids.push(await store.storeEvent('s', note(n)));
    expect(store.size).toBe(3);
    expect(await store.getStreamIdForEventId(ids[1]!)).toBeUndefined();
    expect((await replayed(store, ids[2]!)).sent.map((event) => event.message)).toStrictEqual([
      note(3),
      note(4),
    ]);
    expect(() => new MemoryEventStore({ maxEvents: 0 })).toThrow(RangeError);
  });

  it('forgets every event of one stream, and only those, also after evictions', async () => {
    const store = new MemoryEventStore({ maxEvents: 4 });
    await store.storeEvent('gone', note(1));
    const kept = await store.storeEvent('kept', note(2));
    await store.storeEvent('gone', note(3));
    await store.storeEvent('gone', note(4));
    await store.storeEvent('gone', note(5)); // evicts the oldest, note 1
    store.forgetStream('gone');
    expect(store.size).toBe(1);
    expect(await store.getStreamIdForEventId(kept)).toBe('kept');
    store.forgetStream('kept');
    store.forgetStream('never-seen');
    expect(store.size).toBe(0);
  });

  it('keeps a long stream resumable while its oldest events are evicted, past many evictions', async () => {
    const store = new MemoryEventStore({ maxEvents: 100 });
    const ids = [];
    for (let n = 0; n < 1_000; n++) ids.push(await store.storeEvent('long', note(n)));
    expect(store.size).toBe(100);
    expect(await store.getStreamIdForEventId(ids[899]!)).toBeUndefined();
    expect(await store.getStreamIdForEventId(ids[900]!)).toBe('long');
    const { sent } = await replayed(store, ids[996]!);
    expect(sent).toStrictEqual([
      { eventId: ids[997], message: note(997) },
      { eventId: ids[998], message: note(998) },
      { eventId: ids[999], message: note(999) },
    ]);
  });

  it('refuses an event id that only looks like one of its own', async () => {
    const store = new MemoryEventStore();
    const id = await store.storeEvent('s_1', note(1));
    expect(id).toBe('s_1_0');
    expect(await store.getStreamIdForEventId(id)).toBe('s_1');
    for (const forged of ['s_1_00', 's_1_', 's_1_1', 's_1_-0', 's_1', 's_1_0 ']) {
      expect(await store.getStreamIdForEventId(forged)).toBeUndefined();
    }
  });

  it('says whether a stream still has events, and evicts across streams in order once others are forgotten', async () => {
    const store = new MemoryEventStore({ maxEvents: 3 });
    for (let n = 0; n < 5_000; n++) {
      await store.storeEvent(`short-${n}`, note(n));
      store.forgetStream(`short-${n}`);
    }
    expect(store.size).toBe(0);
    const a = await store.storeEvent('a', note(1));
    await store.storeEvent('b', note(2));
    await store.storeEvent('a', note(3));
    expect(store.holdsStream('a')).toBe(true);
    await store.storeEvent('c', note(4));
    expect(await store.getStreamIdForEventId(a)).toBeUndefined();
    expect(store.holdsStream('a')).toBe(true);
    await store.storeEvent('c', note(5));
    expect(store.holdsStream('b')).toBe(false);
    expect(store.size).toBe(3);
  });

  it('keeps the events within maxBytes, dropping the oldest first, and always the newest one', async () => {
    const store = new MemoryEventStore({ maxBytes: 1_000 });
    const result = (text: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text } });
    const small = await store.storeEventText('s1', result('a'.repeat(100)));
    const middle = await store.storeEventText('s2', result('b'.repeat(500)));
    expect(store.bytes).toBe(result('a'.repeat(100)).length + result('b'.repeat(500)).length);
    // A third one over the budget drops the oldest until it fits: here the first only.
    const large = await store.storeEventText('s3', result('c'.repeat(300)));
    expect(await store.getStreamIdForEventId(small)).toBeUndefined();
    expect(await store.getStreamIdForEventId(middle)).toBe('s2');
    expect(store.bytes).toBeLessThanOrEqual(1_000);
    // One event larger than the whole budget is still kept, alone.
    const huge = await store.storeEventText('s4', result('d'.repeat(5_000)));
    expect(store.size).toBe(1);
    expect(await store.getStreamIdForEventId(large)).toBeUndefined();
    expect(await store.getStreamIdForEventId(huge)).toBe('s4');
    expect(store.bytes).toBe(result('d'.repeat(5_000)).length);
    expect(() => new MemoryEventStore({ maxBytes: 0 })).toThrow(RangeError);
  });

  it('counts a message kept as an object by the JSON length it is given, or by its own JSON', async () => {
    const store = new MemoryEventStore({ maxBytes: 100 });
    await store.storeEvent('q', note(1), 60);
    expect(store.bytes).toBe(60);
    await store.storeEvent('q', note(2));
    expect(store.bytes).toBe(JSON.stringify(note(2)).length);
    expect(store.size).toBe(1);
  });

  it('gives the bytes of a forgotten stream back, also after its queue entries are swept', async () => {
    const store = new MemoryEventStore({ maxBytes: 10_000, maxEvents: 10 });
    for (let n = 0; n < 3_000; n++) {
      await store.storeEventText(`short-${n}`, `{"n":${n}}`);
      if (n % 3 !== 0) store.forgetStream(`short-${n}`);
    }
    // What the store counts is exactly the texts of the streams it still holds.
    const held = Array.from({ length: 3_000 }, (_, n) => n).filter((n) => store.holdsStream(`short-${n}`));
    const expected = held.reduce((sum, n) => sum + `{"n":${n}}`.length, 0);
    expect(held).toHaveLength(store.size);
    expect(held.length).toBeGreaterThan(5);
    expect(store.bytes).toBe(expected);
    store.forgetStream(`short-${held[0]!}`);
    expect(store.bytes).toBe(expected - `{"n":${held[0]!}}`.length);
  });
});
