import type { InputRequestView } from './answer-script.js';

/** One round of a call as it happened on the wire. */
export interface RoundRecord {
  round: number;
  resultType: 'input_required' | 'complete' | 'error';
  inputRequests: InputRequestView[];
  /** What the client answered, by key (sent with the next round). */
  responses: Record<string, unknown>;
  /** Size of the requestState the server returned, in bytes. */
  requestStateBytes: number;
  /** The round's question came through an app, and its answer went back through `elicitor_answer`. */
  throughApp?: boolean;
}

/** A JSON-RPC error as the call received it. */
export interface JsonRpcErrorView {
  code: number;
  message: string;
  data?: unknown;
}

/** The outcome of a scripted multi-round call. */
export interface CallRun<R = Record<string, unknown>> {
  /** The final result (a CallToolResult, GetPromptResult or ReadResourceResult) when the call completed. */
  result: R | undefined;
  /** The JSON-RPC error, when the call ended in one. */
  error: JsonRpcErrorView | undefined;
  /** The HTTP status of the last response (in memory: the status the HTTP transport would use). */
  status: number;
  rounds: RoundRecord[];
  /** The text of the result's text content blocks, joined by newlines. */
  text: string;
}
