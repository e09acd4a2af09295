import type {
  AuthInfo,
  CreateMessageRequestParams,
  CreateMessageResult,
  Implementation,
  ListRootsResult,
} from '@modelcontextprotocol/server';
import { ClientCapabilitiesView } from './client-capabilities-view.js';
import { CommitQueue } from './commit-queue.js';
import { ContextLogger } from './context-logger.js';
import type { ElicitResult } from './elicit-result.js';
import type { ElicitationRequest, FormElicitation } from './elicitation-request.js';
import type { InputChannel, InputOptions, OnceEffect } from './input-channel.js';
import { principalOf } from './principal.js';
import { ReplayKeyError } from '../errors/replay-key.error.js';
import type { ProtocolEra, RequestEnvironment } from './request-environment.js';

/** Identifies the handler a request runs: a tool, a prompt, a resource, or an argument completer. */
export interface CallTarget {
  method: 'tools/call' | 'prompts/get' | 'resources/read' | 'completion/complete';
  name: string;
}

/** The options of a question asked without any: one shared object rather than a new literal per question. */
const NO_INPUT_OPTIONS: InputOptions = Object.freeze({});

/** The one key a plain object cannot hold as its own: it would set the object's prototype instead. */
const RESERVED_KEY = '__proto__';

/** The refusal of a key no record can hold, or undefined for any other key. */
function refusedKey(key: string | undefined): Promise<never> | undefined {
  return key === RESERVED_KEY ? Promise.reject(ReplayKeyError.reserved(key)) : undefined;
}

/** Slot through which the pipeline gives the context its input channel; not part of the public API. */
export const INPUT_CHANNEL = Symbol('elicitor:input-channel');

/** What `elicit` resolves to: the answer typed by the form's class, or an untyped one for a URL question. */
export type ElicitAnswer<R> =
  R extends FormElicitation<infer T> ? ElicitResult<T> : ElicitResult<Record<string, never>>;

/**
 * The request-scoped facade a handler talks to. One instance per request; singletons never see it.
 */
export class Context {
  readonly era: ProtocolEra;
  readonly protocolVersion: string;
  readonly clientInfo: Implementation | undefined;
  readonly requestId: string | number;
  readonly authInfo: AuthInfo | undefined;
  /** Work queued by `onCommit`; run by the commit interceptor. @internal */
  readonly commits = new CommitQueue();
  /** @internal */
  [INPUT_CHANNEL]: InputChannel | undefined;
  // Made on first read, so a request whose handler never reads them never has them.
  private capabilitiesView: ClientCapabilitiesView | undefined;
  private logger: ContextLogger | undefined;
  private throughApp = false;

  /** @internal The dispatcher makes one per request. */
  constructor(
    private readonly environment: RequestEnvironment,
    readonly target: CallTarget,
  ) {
    this.era = environment.era;
    this.protocolVersion = environment.protocolVersion;
    this.clientInfo = environment.clientInfo;
    this.requestId = environment.requestId;
    this.authInfo = environment.authInfo;
  }

  /** What the client declared it can do (elicitation modes, sampling, roots). */
  get clientCapabilities(): ClientCapabilitiesView {
    return (this.capabilitiesView ??= new ClientCapabilitiesView(this.environment.clientCapabilities));
  }

  /** Log messages to the client, at or above the level it asked for. */
  get log(): ContextLogger {
    const environment = this.environment;
    return (this.logger ??= new ContextLogger(environment.logLevel, (n) => environment.notify(n)));
  }

  /** Fires when the client cancels or goes away; made on first read. */
  get signal(): AbortSignal {
    return this.environment.abort.signal;
  }

  /** Whether the request was abandoned; reading it does not make the signal. */
  get aborted(): boolean {
    return this.environment.abort.aborted;
  }

  /**
   * Whether this call asks through an app: the app enables `askThroughApps`, and the client renders MCP
   * Apps but cannot be sent a form. Its questions then end the call with a result an app shows.
   */
  get asksThroughApp(): boolean {
    return this.throughApp;
  }

  /** @internal Set by the re-run model when the call's questions go through an app. */
  markAsksThroughApp(): void {
    this.throughApp = true;
  }

  /** Which round of the call this request is (1, then 2, 3… on the 2026-07-28 re-run model). */
  get round(): number {
    return this[INPUT_CHANNEL]?.round ?? 1;
  }

  /** The authenticated principal (the token's client id or subject) when the transport has one. */
  get principal(): string | undefined {
    return principalOf(this.authInfo);
  }

  /** Sends `notifications/progress` when the client sent a progress token; otherwise does nothing. */
  async progress(progress: number, total?: number, message?: string): Promise<void> {
    const token = this.environment.progressToken;
    if (token === undefined) return;
    const params: Record<string, unknown> = { progressToken: token, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    await this.environment.notify({ method: 'notifications/progress', params });
  }

  /**
   * Asks the user. On modern requests `key` names the answer across rounds (a short stable literal);
   * on legacy requests the question is pushed to the client and the key is ignored.
   */
  elicit<R extends ElicitationRequest>(
    key: string,
    request: R,
    options?: InputOptions,
  ): Promise<ElicitAnswer<R>>;
  elicit<R extends ElicitationRequest>(request: R, options?: InputOptions): Promise<ElicitAnswer<R>>;
  elicit(
    keyOrRequest: string | ElicitationRequest,
    requestOrOptions?: ElicitationRequest | InputOptions,
    maybeOptions?: InputOptions,
  ): Promise<ElicitResult<unknown>> {
    const keyed = typeof keyOrRequest === 'string';
    const key = keyed ? keyOrRequest : undefined;
    const request = (keyed ? requestOrOptions : keyOrRequest) as ElicitationRequest;
    const options = ((keyed ? maybeOptions : requestOrOptions) ?? NO_INPUT_OPTIONS) as InputOptions;
    return refusedKey(key) ?? this.channel('elicit').elicit(key, request, options);
  }

  /** Asks the client's model (sampling); replayed by key on modern requests. */
  sample(
    key: string,
    params: CreateMessageRequestParams,
    options: InputOptions = NO_INPUT_OPTIONS,
  ): Promise<CreateMessageResult> {
    return refusedKey(key) ?? this.channel('sample').sample(key, params, options);
  }

  /** Asks the client for its roots; replayed by key on modern requests. */
  listRoots(key: string, options: InputOptions = NO_INPUT_OPTIONS): Promise<ListRootsResult> {
    return refusedKey(key) ?? this.channel('listRoots').listRoots(key, options);
  }

  /** Computes once per call and replays the value in later rounds; a failure is not remembered. */
  memo<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    return refusedKey(key) ?? this.channel('memo').memo(key, compute);
  }

  /**
   * Runs a side effect at most once across all rounds (and replicas); recorded only after it succeeds.
   * The effect gets an `idempotencyKey`, stable for this call and key: pass it to an external API so a
   * re-run after a crashed replica's lease expired is deduplicated there.
   */
  once<T>(key: string, effect: OnceEffect<T>): Promise<T> {
    return refusedKey(key) ?? this.channel('once').once(key, effect);
  }

  /**
   * Where a `per-call` task tool becomes a task. On a 2026-07-28 call from a client that declares the Tasks
   * extension, the call ends here with a task (`CreateTaskResult`), made with everything settled so far: the
   * answers to questions asked above, `memo` values and `once` results. The task's runs re-run the handler
   * from the top with those replayed, and pass through this line. Anywhere else (a client without the
   * extension, a 2025 session, a run of a task already, a tool that is not `per-call`) it resolves at once
   * and the call goes on in place.
   */
  continueAsTask(): Promise<void> {
    if (this.environment.taskStart === undefined) return Promise.resolve();
    return this[INPUT_CHANNEL]?.continueAsTask?.() ?? Promise.resolve();
  }

  /** Queues work that runs exactly once, only when the call ends in a successful final result. */
  onCommit(work: () => unknown): void {
    this.commits.add(work);
  }

  /**
   * Legacy HTTP (2025-11-25) with resumable streams: ends this call's SSE stream now, so no connection is
   * held while the call waits (SEP-1699 polling). The client reconnects after the `retry` delay with
   * `Last-Event-ID` and receives everything sent since, the result included. Returns false, doing
   * nothing, where there is no such stream to close (the 2026-07-28 wire, stdio, older clients).
   */
  closeStream(): boolean {
    return this.environment.legacyPeer?.closeStream() ?? false;
  }

  /** Legacy URL mode: tells the client the out-of-band step for `elicitationId` is complete. */
  async completeElicitation(elicitationId: string): Promise<void> {
    await this.environment.legacyPeer?.completeElicitation(elicitationId);
  }

  private channel(operation: string): InputChannel {
    const channel = this[INPUT_CHANNEL];
    if (!channel)
      throw new Error(`ctx.${operation}() is not available outside a tool, prompt or resource call`);
    return channel;
  }
}
