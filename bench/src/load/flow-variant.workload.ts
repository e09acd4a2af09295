import {
  FLOW_VARIANT_TOOL,
  appFlowVariantWorkloadName,
  flowVariantFinalText,
  flowVariantKeys,
  flowVariantWorkloadName,
} from '../wire/flow-variants.js';
import {
  APP_QUESTION_URI,
  MCP_PATH,
  acceptAnswer,
  appHostRequestMeta,
  requestMeta,
  toolCallBody,
  toolCallHeaders,
} from '../wire/mcp-wire.js';
import type { ToolCallParams } from '../wire/mcp-wire.js';
import type { HttpConnection } from './http-connection.js';
import { firstText, readToolCallResult } from './json-rpc-reply.reader.js';
import type { Workload } from './workload.js';

const HEADERS = Object.entries(toolCallHeaders(FLOW_VARIANT_TOOL))
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/** The app a question names, if the server attached one (`_meta.ui.resourceUri`). */
function appOf(request: { params?: unknown } | undefined): unknown {
  const params = request?.params as { _meta?: { ui?: { resourceUri?: unknown } } } | undefined;
  return params?._meta?.ui?.resourceUri;
}

/**
 * One whole flow of `questions` questions per operation, each round answering the question just asked.
 * `throughApp`: the client renders MCP Apps, and every question must come back carrying its app.
 */
export class FlowVariantWorkload implements Workload {
  readonly name: string;
  readonly description: string;
  readonly opName = 'flow';
  readonly requestsPerOp: number;
  private readonly keys: string[];
  private readonly finalText: string;
  private readonly meta: object;

  constructor(
    readonly concurrency: number,
    readonly questions: number,
    private readonly throughApp = false,
  ) {
    this.name = throughApp ? appFlowVariantWorkloadName(questions) : flowVariantWorkloadName(questions);
    this.description = `${questions}-question elicitation flow${throughApp ? ', each question with its app' : ''}`;
    this.meta = throughApp ? appHostRequestMeta : requestMeta;
    this.requestsPerOp = questions + 1;
    this.keys = flowVariantKeys(questions);
    this.finalText = flowVariantFinalText(questions);
  }

  async runOnce(connection: HttpConnection, nextId: () => number): Promise<void> {
    const params: ToolCallParams = { name: FLOW_VARIANT_TOOL, arguments: { questions: this.questions } };
    for (let round = 0; round <= this.keys.length; round++) {
      const result = readToolCallResult(
        await connection.post(MCP_PATH, HEADERS, toolCallBody(nextId(), params, this.meta)),
      );
      if (round === this.keys.length) {
        if (result.resultType !== 'complete' || firstText(result) !== this.finalText)
          throw new Error(`${this.name}: wrong final round ${JSON.stringify(result).slice(0, 300)}`);
        return;
      }
      const key = this.keys[round];
      if (result.resultType !== 'input_required' || !result.inputRequests?.[key])
        throw new Error(`${this.name}: round ${round + 1} did not ask ${key}`);
      if (this.throughApp && appOf(result.inputRequests[key]) !== APP_QUESTION_URI)
        throw new Error(`${this.name}: question ${key} came without its app`);
      params.inputResponses = { [key]: acceptAnswer(key) };
      if (result.requestState === undefined) delete params.requestState;
      else params.requestState = result.requestState;
    }
  }
}
