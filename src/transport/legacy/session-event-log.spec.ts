import { describe, expect, it } from '@jest/globals';
import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';
import { MemoryEventStore } from './memory-event.store.js';
import { SessionEventLog } from './session-event-log.js';

const note = (n: number) =>
  ({ jsonrpc: '2.0', method: 'notifications/message', params: { n } }) as JSONRPCMessage;

describe('SessionEventLog', () => {
  it('notes the streams it wrote, and only those', async () => {
    const store = new MemoryEventStore();
    const log = new SessionEventLog(store);
    await log.storeEvent('mine', note(1));
    await store.storeEvent('theirs', note(2));
    expect(log.owns('mine')).toBe(true);
    expect(log.owns('theirs')).toBe(false);
  });

  it('stays bounded over a long session: streams the store evicted are let go', async () => {
    const store = new MemoryEventStore({ maxEvents: 50 });
    const log = new SessionEventLog(store);
    for (let call = 0; call < 10_000; call++) {
      await log.storeEvent(`call-${call}`, {} as JSONRPCMessage);
      await log.storeEvent(`call-${call}`, note(call));
    }
    expect(log.size).toBeLessThanOrEqual(128);
    expect(log.owns('call-9999')).toBe(true);
    expect(log.owns('call-0')).toBe(false);
  });

  it('passes the JSON length of a message kept as an object on to a store that budgets by size', async () => {
    const store = new MemoryEventStore();
    const log = new SessionEventLog(store);
    const question = note(1);
    await log.storeEvent('call', question, JSON.stringify(question).length + 7);
    expect(store.bytes).toBe(JSON.stringify(question).length + 7);
  });

  it('drops its streams from the store when the session ends', async () => {
    const store = new MemoryEventStore();
    const log = new SessionEventLog(store);
    await log.storeEvent('a', note(1));
    await log.storeEvent('b', note(2));
    const other = await store.storeEvent('other', note(3));
    await log.forget();
    expect(store.size).toBe(1);
    expect(await store.getStreamIdForEventId(other)).toBe('other');
    expect(log.owns('a')).toBe(false);
  });

  it('hands a text-taking store the JSON text as written, and any other store the parsed message', async () => {
    const texts: string[] = [];
    const textStore = Object.assign(new MemoryEventStore(), {
      storeEventText: async (_streamId: StreamId, json: string): Promise<EventId> => {
        texts.push(json);
        return `t_${texts.length}`;
      },
    });
    const messages: JSONRPCMessage[] = [];
    const plainStore: EventStore = {
      storeEvent: async (_streamId, message) => {
        messages.push(message);
        return `p_${messages.length}`;
      },
      replayEventsAfter: async () => 'never',
    };
    const json = JSON.stringify(note(5));
    expect(await new SessionEventLog(textStore).storeEventText('a', json)).toBe('t_1');
    expect(texts).toStrictEqual([json]);
    const plainLog = new SessionEventLog(plainStore);
    expect(await plainLog.storeEventText('b', json)).toBe('p_1');
    expect(messages).toStrictEqual([note(5)]);
    expect(plainLog.owns('b')).toBe(true);
  });
});
