// One 2025-11-25 session over streamable HTTP: initialize, then requests whose answers may stream as SSE.
import { request } from 'node:http';
import type { IncomingMessage, Agent } from 'node:http';
import {
  LEGACY_PROTOCOL_VERSION,
  initializeRequest,
  initializedNotification,
} from '../cold/json-rpc.exchange.js';
import type { JsonRpcMessage } from '../cold/json-rpc.exchange.js';
import { MCP_PATH } from '../wire/mcp-wire.js';

const REQUEST_TIMEOUT_MS = 15_000;

/** Answers a request the server sent on the stream (e.g. `elicitation/create`) with its result. */
export type ServerRequestHandler = (message: JsonRpcMessage) => unknown;

/**
 * A client session on a legacy server. Uses `node:http` (a keep-alive agent shared by all sessions):
 * a pushed question arrives on the open SSE answer of `tools/call`, so its answer goes out on another
 * connection while that one stays busy. This costs the generator more than the modern leg's hand-rolled
 * connection; the server's CPU per request is what compares servers.
 */
export class LegacySession {
  private constructor(
    private readonly port: number,
    private readonly agent: Agent,
    readonly sessionId: string,
  ) {}

  static async open(port: number, agent: Agent): Promise<LegacySession> {
    const opened = await post(port, agent, undefined, initializeRequest(1));
    const reply = await readMessages(opened, 1, () => undefined);
    if (!reply.result) throw new Error(`initialize failed: ${JSON.stringify(reply).slice(0, 300)}`);
    const sessionId = opened.headers['mcp-session-id'];
    if (typeof sessionId !== 'string') throw new Error('initialize answered without Mcp-Session-Id');
    const session = new LegacySession(port, agent, sessionId);
    await session.notify(initializedNotification);
    return session;
  }

  /** Sends `message` and resolves with the answer to it, answering pushed server requests on the way. */
  async call(message: JsonRpcMessage, onServerRequest: ServerRequestHandler): Promise<JsonRpcMessage> {
    const response = await post(this.port, this.agent, this.sessionId, message);
    return readMessages(response, message.id!, (pushed) =>
      this.notify({ jsonrpc: '2.0', id: pushed.id, result: onServerRequest(pushed) } as JsonRpcMessage),
    );
  }

  /** A notification or a response to the server: answered 202 with no body. */
  async notify(message: JsonRpcMessage): Promise<void> {
    const response = await post(this.port, this.agent, this.sessionId, message);
    response.resume();
    if (response.statusCode !== 202 && response.statusCode !== 200)
      throw new Error(`HTTP ${response.statusCode} for ${message.method ?? `response ${message.id}`}`);
  }
}

function post(
  port: number,
  agent: Agent,
  sessionId: string | undefined,
  message: JsonRpcMessage,
): Promise<IncomingMessage> {
  const body = JSON.stringify(message);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'Content-Length': String(Buffer.byteLength(body)),
  };
  if (sessionId !== undefined) {
    headers['Mcp-Session-Id'] = sessionId;
    headers['MCP-Protocol-Version'] = LEGACY_PROTOCOL_VERSION;
  }
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: MCP_PATH,
        method: 'POST',
        headers,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Reads a JSON or SSE answer until the message with `id`; a server request met on the way goes to
 * `onServerRequest` (its failure fails the read). The stream is read to its end, so the connection is reused.
 */
function readMessages(
  response: IncomingMessage,
  id: number,
  onServerRequest: (message: JsonRpcMessage) => Promise<void> | undefined,
): Promise<JsonRpcMessage> {
  if (response.statusCode !== 200) {
    response.resume();
    return Promise.reject(new Error(`HTTP ${response.statusCode}`));
  }
  const sse = String(response.headers['content-type']).startsWith('text/event-stream');
  return new Promise((resolve, reject) => {
    let text = '';
    let answer: JsonRpcMessage | undefined;
    const fail = (error: unknown) => response.destroy(error as Error);
    const take = (json: string) => {
      try {
        const message = JSON.parse(json) as JsonRpcMessage;
        if (message.method !== undefined && message.id !== undefined) onServerRequest(message)?.catch(fail);
        else if (message.id === id) answer = message;
      } catch (error) {
        fail(error);
      }
    };
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
      if (!sse) return;
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const event = text.slice(0, end);
        text = text.slice(end + 2);
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (data) take(data);
      }
    });
    response.on('end', () => {
      if (!sse && text) take(text);
      if (answer) resolve(answer);
      else reject(new Error(`no answer to ${id}: ${text.slice(0, 300)}`));
    });
    response.on('error', reject);
  });
}
