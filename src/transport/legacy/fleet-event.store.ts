import type { EventId, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';
import type { FleetEventLog } from '../../fleet/fleet.types.js';
import { PRIMING_EVENT_TEXT, type TextEventStore } from './text-event.store.js';

/**
 * The event store of legacy SSE streams when replicas share a fleet: events live in the fleet (Redis
 * streams, bounded), so a client resumes with `Last-Event-ID` on whichever replica it reaches.
 */
export class FleetEventStore implements TextEventStore {
  constructor(private readonly log: FleetEventLog) {}

  storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    return this.log.append(streamId, JSON.stringify(message));
  }

  storeEventText(streamId: StreamId, json: string): Promise<EventId> {
    return this.log.append(streamId, json);
  }

  /** Event ids name their stream, so this asks the fleet nothing. */
  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    const at = eventId.lastIndexOf('_');
    return at > 0 ? eventId.slice(0, at) : undefined;
  }

  /** Sends every later event of `lastEventId`'s stream; priming events (no message) are skipped. */
  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const later = await this.log.after(lastEventId);
    if (!later) throw new Error(`Unknown event id: ${lastEventId}`);
    for (const event of later.events) {
      if (event.message === PRIMING_EVENT_TEXT) continue;
      await send(event.id, JSON.parse(event.message) as JSONRPCMessage);
    }
    return later.streamId;
  }

  forgetStream(streamId: StreamId): Promise<void> {
    return this.log.forget(streamId);
  }
}
