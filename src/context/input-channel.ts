import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ListRootsResult,
} from '@modelcontextprotocol/server';
import type { ElicitResult } from './elicit-result.js';
import type { ElicitationRequest } from './elicitation-request.js';

/** Per-question options of `ctx.elicit`. */
export interface InputOptions {
  /** Legacy push model only: how long to wait for the client's answer. */
  timeoutMs?: number;
}

/** What a `once` effect is handed: a key an external API can deduplicate a re-run with. */
export interface OnceEffectInfo {
  /**
   * The same for every run of this effect in this call, on every replica: derived from the call id and
   * the once key. Pass it to APIs that deduplicate (Stripe's `Idempotency-Key`, say), so a re-run after a
   * crashed replica's lease expired cannot act twice.
   */
  idempotencyKey: string;
}

/** A `once` side effect. */
export type OnceEffect<T> = (info: OnceEffectInfo) => T | Promise<T>;

/** How a request obtains input and carries values across rounds: replay (modern) or push (legacy). */
export interface InputChannel {
  /** Which round of the call this request is: 1 on the push model, where the handler runs once. */
  readonly round: number;
  elicit<T>(
    key: string | undefined,
    request: ElicitationRequest,
    options: InputOptions,
  ): Promise<ElicitResult<T>>;
  sample(
    key: string | undefined,
    params: CreateMessageRequestParams,
    options: InputOptions,
  ): Promise<CreateMessageResult>;
  listRoots(key: string | undefined, options: InputOptions): Promise<ListRootsResult>;
  memo<T>(key: string, compute: () => T | Promise<T>): Promise<T>;
  once<T>(key: string, effect: OnceEffect<T>): Promise<T>;
  /**
   * Ends the round so that the call becomes a task from here (see `Context.continueAsTask`); only the replay
   * channel can, and only where the request's environment allows a task to start.
   */
  continueAsTask?(): Promise<void>;
  /**
   * Called when the handler produced a final result, before its commits run. The replay channel ties the
   * answers that led to it to the call, and refuses (throws) when another branch of the call already
   * decided differently. Returns undefined when there is nothing to settle, so a call costs no promise.
   */
  settleOutcome?(): Promise<void> | undefined;
}
