import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { AuthInfo, EventStore, Server } from '@modelcontextprotocol/server';
import { writeJsonRpcError } from './json-rpc-http.responses.js';

/** Resumable legacy SSE: where stream events are kept, and the reconnection delay suggested to clients. */
export interface LegacyResumability {
  eventStore?: EventStore;
  retryMs?: number;
}

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: Server;
}

/**
 * Legacy (2025-era) Streamable HTTP: one SDK transport and server per `Mcp-Session-Id`, so the push
 * model can send `elicitation/create` on the stream of the call that asked.
 */
export class LegacyHttpSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly createServer: () => Server,
    private readonly resumability?: LegacyResumability,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  async handle(
    request: IncomingMessage & { auth?: AuthInfo },
    response: ServerResponse,
    body: unknown,
  ): Promise<void> {
    const sessionId = request.headers['mcp-session-id'];
    const id = Array.isArray(sessionId) ? sessionId[0] : sessionId;
    if (id !== undefined) {
      const session = this.sessions.get(id);
      if (!session) {
        writeJsonRpcError(response, 404, -32001, 'Session not found');
        return;
      }
      await session.transport.handleRequest(request, response, body);
      return;
    }
    if (request.method !== 'POST' || !isInitialize(body)) {
      writeJsonRpcError(response, 400, -32000, 'Bad Request: no valid session; send initialize first');
      return;
    }
    const server = this.createServer();
    const resumability = this.resumability;
    const transport = new NodeStreamableHTTPServerTransport({
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
    await transport.handleRequest(request, response, body);
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
