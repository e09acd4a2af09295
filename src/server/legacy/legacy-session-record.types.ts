import type { ClientCapabilities, Implementation, LoggingLevel } from '@modelcontextprotocol/server';

/**
 * What a 2025-era session is, once `initialize` settled it: plain JSON, with no live object in it, so a
 * shared store can keep it and any replica can serve the session's next request.
 */
export interface LegacySessionRecord {
  id: string;
  /** The revision `initialize` settled on. */
  protocolVersion: string;
  /** As the client declared them in `initialize`. */
  clientCapabilities: ClientCapabilities;
  clientInfo: Implementation | undefined;
  /** Set by `logging/setLevel`; until then every log message is sent. */
  logLevel: LoggingLevel | undefined;
  /** Resource URIs of `resources/subscribe`. */
  subscriptions: string[];
  /** Whether `notifications/initialized` arrived. */
  initialized: boolean;
}

/** A JSON-RPC id, as 2025-era messages carry it. */
export type JsonRpcId = string | number;
