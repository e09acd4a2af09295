import {
  FLOW_FINAL_TEXT,
  FLOW_KEYS,
  FLOW_TOOL,
  MCP_PATH,
  acceptAnswer,
  toolCallBody,
  toolCallHeaders,
} from '../wire/mcp-wire.js';
import type { ToolCallParams } from '../wire/mcp-wire.js';
import type { HttpConnection } from './http-connection.js';
import { firstText, readToolCallResult } from './json-rpc-reply.reader.js';
import type { Workload } from './workload.js';

const HEADERS = Object.entries(toolCallHeaders(FLOW_TOOL))
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');
const ROUNDS = FLOW_KEYS.length + 1;
const MAX_SIZE_SAMPLES = 5_000;

/**
 * Workload (b): one whole 3-round flow per operation — ask `a`, ask `b`, complete — each round a new POST
 * (new JSON-RPC id) carrying the answer and the byte-exact requestState of the previous round.
 */
export class FlowWorkload implements Workload {
  readonly name = 'flow';
  readonly description = '3-round elicitation flow';
  readonly opName = 'flow';
  readonly requestsPerOp = ROUNDS;
  /** `requestState` lengths (bytes) seen after round 1, round 2, ... */
  readonly stateSizes: number[][] = FLOW_KEYS.map(() => []);

  constructor(readonly concurrency: number) {}

  async runOnce(connection: HttpConnection, nextId: () => number): Promise<void> {
    const params: ToolCallParams = { name: FLOW_TOOL, arguments: {} };
    for (let round = 0; round < ROUNDS; round++) {
      const id = nextId();
      const result = readToolCallResult(await connection.post(MCP_PATH, HEADERS, toolCallBody(id, params)));
      if (round === ROUNDS - 1) {
        if (result.resultType !== 'complete')
          throw new Error(`flow: round ${round + 1} is ${String(result.resultType)}`);
        if (firstText(result) !== FLOW_FINAL_TEXT)
          throw new Error(`flow: wrong text ${JSON.stringify(result.content)}`);
        return;
      }
      const key = FLOW_KEYS[round];
      if (result.resultType !== 'input_required' || !result.inputRequests?.[key]) {
        throw new Error(
          `flow: round ${round + 1} did not ask ${key}: ${JSON.stringify(result).slice(0, 300)}`,
        );
      }
      this.recordStateSize(round, result.requestState);
      params.inputResponses = { [key]: acceptAnswer(key) };
      if (result.requestState === undefined) delete params.requestState;
      else params.requestState = result.requestState;
    }
  }

  private recordStateSize(round: number, state: string | undefined): void {
    const sizes = this.stateSizes[round];
    if (sizes.length < MAX_SIZE_SAMPLES) sizes.push(state === undefined ? 0 : Buffer.byteLength(state));
  }
}
