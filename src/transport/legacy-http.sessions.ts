import { randomUUID } from 'node:crypto';
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type {
  EventStore,
  Server,
  WebStandardStreamableHTTPServerTransport,
  WebStandardStreamableHTTPServerTransportOptions,
} from '@modelcontextprotocol/server';
import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';

/** Resumable legacy SSE: where stream events are kept, and the reconnection delay suggested to clients. */
export interface LegacyResumability {
  eventStore?: EventStore;
  retryMs?: number;
}

/** The SDK's session transport: the Node one behind `listen()` and `nodeHandler()`, the web one behind `fetch`. */
export type LegacyTransport = NodeStreamableHTTPServerTransport | WebStandardStreamableHTTPServerTransport;

/** Why a legacy request has no session to go to; the caller writes it in its own response type. */
export interface LegacySessionRefusal {
  status: number;
  code: number;
  message: string;
}

export type LegacySessionLookup<T> = { transport: T } | { refusal: LegacySessionRefusal };

interface Session<T> {
  transport: T;
  server: Server;
}

/**
 * Legacy (2025-era) Streamable HTTP: one SDK transport and server per `Mcp-Session-Id`, so the push
 * model can send `elicitation/create` on the stream of the call that asked.
 */
export class LegacyHttpSessions<T extends LegacyTransport> {
  private readonly sessions = new Map<string, Session<T>>();

  constructor(
    private readonly createServer: () => Server,
    private readonly createTransport: (options: WebStandardStreamableHTTPServerTransportOptions) => T,
    private readonly resumability?: LegacyResumability,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /**
   * The transport that serves a request: its session's, or a new session's for an `initialize`. Anything
   * else is refused.
   */
  async transportFor(
    sessionId: string | undefined,
    method: string | undefined,
    body: unknown,
  ): Promise<LegacySessionLookup<T>> {
    if (sessionId !== undefined) {
      const session = this.sessions.get(sessionId);
      if (session) return { transport: session.transport };
      return {
        refusal: { status: 404, code: JsonRpcErrorCode.SessionNotFound, message: 'Session not found' },
      };
    }
    if (method !== 'POST' || !isInitialize(body)) {
      return {
        refusal: {
          status: 400,
          code: JsonRpcErrorCode.ServerError,
          message: 'Bad Request: no valid session; send initialize first',
        },
      };
    }
    const server = this.createServer();
    const resumability = this.resumability;
    const transport = this.createTransport({
      sessionIdGenerator: () => randomUUID(),
      ...(resumability?.eventStore ? { eventStore: resumability.eventStore } : {}),
      ...(resumability?.retryMs !== undefined ? { retryInterval: resumability.retryMs } : {}),
      onsessioninitialized: (newId) => {
        this.sessions.set(newId, { transport, server });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return { transport };
  }

  async closeAll(): Promise<void> {
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(sessions.map((session) => session.server.close()));
  }
}

function isInitialize(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'initialize';
}
