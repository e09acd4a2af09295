import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { MemoryFleet } from '../../fleet/memory-fleet.store.js';
import { FleetEventStore } from './fleet-event.store.js';

describe('FleetEventStore', () => {
  it('replays, on another store of the same fleet, the later events of a stream without priming events', async () => {
    const fleet = new MemoryFleet();
    const writer = new FleetEventStore(fleet.events);
    const reader = new FleetEventStore(fleet.events);
    const priming = await writer.storeEvent('s.1', {} as JSONRPCMessage);
    const question = { jsonrpc: '2.0', id: 'q', method: 'elicitation/create' } as JSONRPCMessage;
    const questionId = await writer.storeEvent('s.1', question);
    expect(await reader.getStreamIdForEventId(questionId)).toBe('s.1');
    const sent: Array<[string, JSONRPCMessage]> = [];
    const streamId = await reader.replayEventsAfter(priming, {
      send: async (id, message) => void sent.push([id, message]),
    });
    expect(streamId).toBe('s.1');
    expect(sent).toStrictEqual([[questionId, question]]);
    await reader.forgetStream('s.1');
    await expect(reader.replayEventsAfter(priming, { send: async () => {} })).rejects.toThrow(
      'Unknown event id',
    );
  });

  it('keeps an event given as text as that text, and replays it parsed', async () => {
    const fleet = new MemoryFleet();
    const store = new FleetEventStore(fleet.events);
    const priming = await store.storeEventText('s.2', '{}');
    const json = '{"jsonrpc":"2.0","id":3,"result":{"content":[]}}';
    const resultId = await store.storeEventText('s.2', json);
    expect((await fleet.events.after(priming))?.events.map((event) => event.message)).toStrictEqual([json]);
    const sent: Array<[string, JSONRPCMessage]> = [];
    await store.replayEventsAfter(priming, { send: async (id, message) => void sent.push([id, message]) });
    expect(sent).toStrictEqual([[resultId, JSON.parse(json)]]);
  });
});
