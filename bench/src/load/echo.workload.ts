import { ECHO_TOOL, MCP_PATH, toolCallBody, toolCallHeaders } from '../wire/mcp-wire.js';
import type { HttpConnection } from './http-connection.js';
import { firstText, readToolCallResult } from './json-rpc-reply.reader.js';
import type { Workload } from './workload.js';

const HEADERS = Object.entries(toolCallHeaders(ECHO_TOOL))
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/** Workload (a): one `tools/call` of the echo tool per operation. */
export class EchoWorkload implements Workload {
  readonly name = 'echo';
  readonly description = 'echo tools/call';
  readonly opName = 'req';
  readonly requestsPerOp = 1;

  constructor(readonly concurrency: number) {}

  async runOnce(connection: HttpConnection, nextId: () => number): Promise<void> {
    const id = nextId();
    const text = `hello ${id}`;
    const reply = await connection.post(
      MCP_PATH,
      HEADERS,
      toolCallBody(id, { name: ECHO_TOOL, arguments: { text } }),
    );
    const result = readToolCallResult(reply);
    if (result.resultType !== 'complete') throw new Error(`echo: resultType ${String(result.resultType)}`);
    if (firstText(result) !== text) throw new Error(`echo: wrong text ${JSON.stringify(result.content)}`);
  }
}
