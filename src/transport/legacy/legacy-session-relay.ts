import type { Fleet } from '../../fleet/fleet.types.js';
import type { LegacyProtocolHandler } from '../../server/legacy/legacy-protocol.handler.js';
import type { JsonRpcId, LegacySessionRecord } from '../../server/legacy/legacy-session-record.types.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { LegacySession } from './legacy-session.js';
import type { SessionFleetLink } from './session-fleet-link.types.js';

/** What replicas tell each other about one session, on its channel. */
export type SessionMessage =
  | { t: 'closed' }
  | { t: 'record'; record: LegacySessionRecord }
  | { t: 'response'; message: { id: JsonRpcId; result?: unknown; error?: unknown } }
  | { t: 'cancel'; params: unknown }
  | { t: 'notify'; json: string; eventId?: string }
  | { t: 'event'; streamId: string; json: string; eventId?: string }
  | { t: 'end'; streamId: string };

/** The fleet's channel of one session. */
export function sessionChannel(sessionId: string): string {
  return `session:${sessionId}`;
}

/**
 * The link between the copies of one session on several replicas: each replica that holds the session
 * listens on its channel, and what arrives on one replica but belongs to another (the answer to a
 * question, a cancellation, a notification for the GET stream, a resumed stream's events) goes there.
 */
export class LegacySessionRelay {
  constructor(
    private readonly fleet: Fleet,
    private readonly legacy: LegacyProtocolHandler,
    private readonly logger: ServerLogger,
    /** Ends the local copy of a session deleted on another replica. */
    private readonly onClosed: (session: LegacySession) => void,
  ) {}

  /** Listens on the session's channel; the function returned stops listening. */
  join(session: LegacySession): Promise<() => void> {
    session.fleet = this.linkOf(session);
    return this.fleet.bus.subscribe(sessionChannel(session.id), (text) => this.receive(session, text));
  }

  publish(sessionId: string, message: SessionMessage): Promise<void> {
    return this.fleet.bus.publish(sessionChannel(sessionId), JSON.stringify(message));
  }

  /** Writes a changed record to the fleet and to the other copies of the session. */
  async saveRecord(session: LegacySession, idleTimeoutMs: number): Promise<void> {
    const record = session.connection.record;
    await this.fleet.sessions.save(session.id, JSON.stringify(record), idleTimeoutMs);
    await this.publish(session.id, { t: 'record', record });
  }

  private linkOf(session: LegacySession): SessionFleetLink {
    const send = (message: SessionMessage) =>
      this.publish(session.id, message).catch((error: unknown) =>
        this.logger.warn(`could not relay a legacy session's message: ${String(error)}`),
      );
    return {
      toStandalone: (json, eventId) => send({ t: 'notify', json, ...(eventId ? { eventId } : {}) }),
      toStream: (streamId, json, eventId) =>
        send({ t: 'event', streamId, json, ...(eventId ? { eventId } : {}) }),
      streamEnded: (streamId) => send({ t: 'end', streamId }),
    };
  }

  private receive(session: LegacySession, text: string): void {
    let message: SessionMessage;
    try {
      message = JSON.parse(text) as SessionMessage;
    } catch {
      return;
    }
    const connection = session.connection;
    switch (message.t) {
      case 'closed':
        this.onClosed(session);
        break;
      case 'record':
        Object.assign(connection.record, message.record);
        break;
      case 'response':
        this.legacy.handleResponse(connection, message.message);
        break;
      case 'cancel':
        this.legacy.handleNotification(connection, 'notifications/cancelled', message.params);
        break;
      case 'notify':
        session.writeStandalone(message.json, message.eventId);
        break;
      case 'event':
        session.relayed(message.streamId, message.json, message.eventId);
        break;
      case 'end':
        session.relayEnded(message.streamId);
        break;
    }
  }
}
