// The legacy leg's workloads: echo and the 2-question push flow over 2025-11-25 sessions.
import { Agent } from 'node:http';
import type { JsonRpcMessage } from '../cold/json-rpc.exchange.js';
import {
  ECHO_TOOL,
  MCP_PATH,
  FLOW_FINAL_TEXT,
  FLOW_KEYS,
  FLOW_TOOL,
  acceptAnswer,
  questionFor,
} from '../wire/mcp-wire.js';
import type { HttpConnection } from './http-connection.js';
import { LegacySession } from './legacy-session.js';
import { LEGACY_PROTOCOL_VERSION } from '../cold/json-rpc.exchange.js';
import type { ToolCallResult } from './json-rpc-reply.reader.js';
import { firstText, readToolCallResult } from './json-rpc-reply.reader.js';
import type { Workload } from './workload.js';

function toolResult(reply: JsonRpcMessage, label: string): ToolCallResult {
  const result = reply.result as ToolCallResult | undefined;
  if (!result) throw new Error(`${label}: ${JSON.stringify(reply.error ?? reply).slice(0, 300)}`);
  if (result.isError) throw new Error(`${label}: tool error ${JSON.stringify(result.content)}`);
  return result;
}

const toolCall = (id: number, name: string, args: Record<string, unknown>): JsonRpcMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/**
 * Sessions are opened (initialize + initialized) on first need and reused: at most one per concurrent
 * client, all opened during the warm-up, so measured operations are tool calls only. The flow leaves the
 * connection the runner hands over unused (a pushed question needs a second connection); echo sends its
 * call on it, as the modern echo does, so both legs are driven by the same hand-rolled client.
 */
abstract class LegacyWorkload implements Workload {
  abstract readonly name: string;
  abstract readonly description: string;
  abstract readonly opName: string;
  abstract readonly requestsPerOp: number;
  private readonly idle: LegacySession[] = [];
  /**
   * Idle sockets are dropped after 4 s, before the server's 5 s keep-alive timeout: a server left idle
   * while the others are measured would close them just as a new segment reuses one (socket hang up).
   */
  private readonly agent = new Agent({ keepAlive: true, maxSockets: Infinity, timeout: 4_000 });

  constructor(
    readonly concurrency: number,
    private readonly port: number,
  ) {}

  async runOnce(connection: HttpConnection, nextId: () => number): Promise<void> {
    const session = this.idle.pop() ?? (await LegacySession.open(this.port, this.agent));
    await this.runOn(session, nextId, connection);
    this.idle.push(session);
  }

  protected abstract runOn(
    session: LegacySession,
    nextId: () => number,
    connection: HttpConnection,
  ): Promise<void>;
}

/** One `tools/call` of echo per operation. */
export class LegacyEchoWorkload extends LegacyWorkload {
  readonly name = 'legacy-echo';
  readonly description = 'echo tools/call on a 2025-11-25 session';
  readonly opName = 'req';
  readonly requestsPerOp = 1;

  protected async runOn(
    session: LegacySession,
    nextId: () => number,
    connection: HttpConnection,
  ): Promise<void> {
    const id = nextId();
    const text = `hello ${id}`;
    const headers =
      'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n' +
      `Mcp-Session-Id: ${session.sessionId}\r\nMCP-Protocol-Version: ${LEGACY_PROTOCOL_VERSION}\r\n`;
    const reply = await connection.post(MCP_PATH, headers, JSON.stringify(toolCall(id, ECHO_TOOL, { text })));
    const result = readToolCallResult(reply);
    if (firstText(result) !== text) throw new Error(`echo: wrong text ${JSON.stringify(result.content)}`);
  }
}

/**
 * One whole flow per operation: `tools/call`, then the server pushes `elicitation/create` for `a` and
 * for `b` on the call's SSE stream, each answered by a POST of the client's response; then the result.
 */
export class LegacyFlowWorkload extends LegacyWorkload {
  readonly name = 'legacy-flow';
  readonly description = '2-question push flow on a 2025-11-25 session';
  readonly opName = 'flow';
  readonly requestsPerOp = 1 + FLOW_KEYS.length;

  protected async runOn(session: LegacySession, nextId: () => number): Promise<void> {
    let asked = 0;
    const reply = await session.call(toolCall(nextId(), FLOW_TOOL, {}), (pushed) => {
      const key = FLOW_KEYS[asked++];
      const message = (pushed.params as { message?: string } | undefined)?.message;
      if (pushed.method !== 'elicitation/create' || key === undefined || message !== questionFor(key))
        throw new Error(`flow: unexpected ${pushed.method} ${JSON.stringify(pushed.params).slice(0, 200)}`);
      return acceptAnswer(key);
    });
    const result = toolResult(reply, 'flow');
    if (asked !== FLOW_KEYS.length) throw new Error(`flow: ${asked} questions asked`);
    if (firstText(result) !== FLOW_FINAL_TEXT)
      throw new Error(`flow: wrong text ${JSON.stringify(result.content)}`);
  }
}
