import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { MemoryFleet } from '../fleet/memory-fleet.store.js';
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
});
