import { randomBytes } from 'node:crypto';
import { flatRandomUUID } from '../../shared/flat-random-uuid.js';
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestURLParams,
  ListRootsResult,
} from '@modelcontextprotocol/server';
import type { AbortWatch } from '../../context/abort-watch.js';
import type { ClientCapabilitiesView } from '../../context/client-capabilities-view.js';
import { ElicitResult } from '../../context/elicit-result.js';
import type {
  ElicitationRequest,
  FormElicitation,
  UrlElicitation,
} from '../../context/elicitation-request.js';
import type { InputChannel, InputOptions, OnceEffect } from '../../context/input-channel.js';
import { decodeReplayValue, encodeReplayValue } from '../../context/replay-value.codec.js';
import type { LegacyPeer, PeerRequestOptions } from '../../context/legacy-peer.js';
import { InvalidParamsError } from '../../errors/invalid-params.error.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { MissingCapabilityError } from '../../errors/missing-capability.error.js';
import { ReplayKeyError } from '../../errors/replay-key.error.js';
import { digestOf } from '../../mrtr/digest.js';
import type { OnceRecorder } from '../../mrtr/once-recorder.js';
import { questionDigest } from '../../mrtr/question-digest.js';
import { validateFormAnswer } from '../../validation/form-answer.check.js';
import { prefilledForm } from '../../validation/prefilled-form.builder.js';
import { legacyElicitationBlocker } from './legacy-elicitation.check.js';
import { legacyForm, legacyFormParams } from './legacy-form-params.js';
import { appRenderingAllowed } from '../../context/app-rendering.check.js';
import { FIRST_EXTENSIONS_VERSION } from '../protocol-versions.js';

export interface PushChannelSettings {
  defaultTimeoutMs: number;
  onceRecorder: OnceRecorder;
  /** How often one question is pushed while the answers fail validation. Default 10 (as the official client's round limit). */
  maxAsks?: number;
  /** Whether the server declares app-rendered questions (the fourth of their conditions). */
  appQuestions?: boolean;
}

/** setTimeout fires at once for delays past 2^31-1 ms, which would turn a long wait into an instant timeout. */
const LONGEST_TIMER_MS = 2_147_483_647;
const DEFAULT_MAX_ASKS = 10;

/**
 * Input on the legacy wire: each question is a real server-to-client request on the call's own
 * stream, and the handler waits for the answer. Memo and once keep their meaning within the one
 * execution (once still goes through the store). Nothing is sent that `initialize` did not negotiate.
 */
export class PushInputChannel implements InputChannel {
  /** The handler runs once on the push model. */
  readonly round = 1;
  private memoValues: Map<string, unknown> | undefined;
  private askedByKey: Map<string, { digest: string; answer: Promise<unknown> }> | undefined;
  /** Made by the first `once`: a call that asks nothing pays for no random bytes and no maps. */
  private callId: string | undefined;
  /** Questions asked without a key, numbered in asking order so a re-run finds them again. */
  private unkeyed = 0;

  constructor(
    private readonly peer: LegacyPeer | undefined,
    private readonly protocolVersion: string,
    private readonly capabilities: ClientCapabilitiesView,
    /** The call's abort, watched by each request the call sends. */
    private readonly abort: AbortWatch,
    private readonly settings: PushChannelSettings,
  ) {}

  async elicit<T>(
    key: string | undefined,
    request: ElicitationRequest,
    options: InputOptions,
  ): Promise<ElicitResult<T>> {
    if (key === undefined) return this.push<T>(this.questionKey(undefined), request, options);
    return this.onceByKey(key, questionDigest(request.toWire()), () => this.push<T>(key, request, options));
  }

  private async push<T>(
    key: string,
    request: ElicitationRequest,
    options: InputOptions,
  ): Promise<ElicitResult<T>> {
    const blocker = legacyElicitationBlocker(request.mode, this.protocolVersion, this.capabilities);
    if (blocker) throw blocker;
    const peer = this.requirePeer();
    const peerOptions = this.peerOptions(options, key);
    return request.mode === 'url'
      ? this.askUrl<T>(peer, request, peerOptions)
      : this.askForm<T>(peer, request, peerOptions, key);
  }

  /** The key a question is known by in the call's journal: its own, or its place among unkeyed ones. */
  private questionKey(key: string | undefined): string {
    return key ?? `#${this.unkeyed++}`;
  }

  sample(
    key: string | undefined,
    params: CreateMessageRequestParams,
    options: InputOptions,
  ): Promise<CreateMessageResult> {
    const ask = () => {
      if (!this.capabilities.sampling) return Promise.reject(new MissingCapabilityError({ sampling: {} }));
      return this.requirePeer().createMessage(params, this.peerOptions(options, this.questionKey(key)));
    };
    return key === undefined
      ? ask()
      : this.onceByKey(key, digestOf({ method: 'sampling/createMessage', params }), ask);
  }

  listRoots(key: string | undefined, options: InputOptions): Promise<ListRootsResult> {
    const ask = () => {
      if (!this.capabilities.roots) return Promise.reject(new MissingCapabilityError({ roots: {} }));
      return this.requirePeer().listRoots(this.peerOptions(options, this.questionKey(key)));
    };
    return key === undefined ? ask() : this.onceByKey(key, digestOf({ method: 'roots/list' }), ask);
  }

  /**
   * The same rule as replay on the modern wire, within this one execution: a key asked again with the
   * same question gets the same answer, and a different question under a used key is refused.
   */
  private onceByKey<R>(key: string, digest: string, ask: () => Promise<R>): Promise<R> {
    const asked = (this.askedByKey ??= new Map());
    const earlier = asked.get(key);
    if (earlier !== undefined) {
      if (earlier.digest !== digest) return Promise.reject(ReplayKeyError.reused(key));
      return earlier.answer as Promise<R>;
    }
    const answer = ask();
    asked.set(key, { digest, answer });
    return answer;
  }

  /** Values go through the same JSON round trip as on the modern wire, so both eras return the same shape. */
  async memo<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    const values = (this.memoValues ??= new Map());
    if (!values.has(key)) {
      const journal = this.peer?.journal;
      const recorded = journal?.memoOf(key);
      if (recorded) values.set(key, recorded.value);
      else {
        const value = encodeReplayValue(await compute(), `ctx.memo("${key}")`);
        values.set(key, value);
        await journal?.remember(key, value);
      }
    }
    return decodeReplayValue(values.get(key)) as T;
  }

  async once<T>(key: string, effect: OnceEffect<T>): Promise<T> {
    if (this.peer?.journal?.holdsLease) await this.requireLease();
    // A journaled call keeps its id across re-runs, so its once records are found again.
    this.callId ??= this.peer?.journal?.callId ?? randomBytes(16).toString('base64url');
    return decodeReplayValue(await this.settings.onceRecorder.run(this.callId, key, effect)) as T;
  }

  /** Before the commits: a run whose call another replica took over must not commit it too. */
  settleOutcome(): Promise<void> | undefined {
    return this.peer?.journal?.holdsLease ? this.requireLease() : undefined;
  }

  /** A journaled call runs its effects only while this replica holds its lease. */
  private async requireLease(): Promise<void> {
    const journal = this.peer?.journal;
    if (journal?.holdsLease && !(await journal.holdsLease()))
      throw new McpProtocolError(
        JsonRpcErrorCode.InternalError,
        'This call was taken over by another replica',
      );
  }

  /** URL mode: a fresh elicitationId per question, handed back for `ctx.completeElicitation`. */
  private async askUrl<T>(
    peer: LegacyPeer,
    request: UrlElicitation,
    options: PeerRequestOptions,
  ): Promise<ElicitResult<T>> {
    const elicitationId = flatRandomUUID();
    const params = Object.assign({}, request.toWire(), { elicitationId }) as ElicitRequestURLParams;
    const answer = await peer.elicit(params, options);
    return new ElicitResult<T>(answer.action, undefined, elicitationId);
  }

  /** Form mode: an accepted answer that fails validation is pushed again with the reason, as on modern. */
  private async askForm<T>(
    peer: LegacyPeer,
    request: FormElicitation<object>,
    options: PeerRequestOptions,
    key: string,
  ): Promise<ElicitResult<T>> {
    let form = legacyForm(request.schema, this.protocolVersion);
    const maxAsks = this.settings.maxAsks ?? DEFAULT_MAX_ASKS;
    const app = this.appOf(request);
    let message = request.message;
    for (let asked = 1; ; asked++) {
      const params = legacyFormParams(message, form.schema, this.protocolVersion);
      if (app !== undefined) params._meta = { ui: { resourceUri: app } };
      const answer = await peer.elicit(params, Object.assign({}, options, { questionId: `${key}~${asked}` }));
      if (answer.action !== 'accept') return new ElicitResult<T>(answer.action);
      // A lowered form's booleans go back into the arrays the handler declared, before validation.
      const assembled = form.assemble(answer.content ?? {});
      const outcome = assembled.problem
        ? { ok: false as const, message: assembled.problem }
        : await validateFormAnswer(request.refine, request.schema, assembled.content);
      if (outcome.ok) return new ElicitResult<T>('accept', outcome.value as T);
      if (asked >= maxAsks) {
        throw new InvalidParamsError(
          `The client's answer was still not accepted after ${asked} tries: ${outcome.message}`,
        );
      }
      message = `${request.message}\n\nYour previous answer was not accepted: ${outcome.message}`;
      const issues = 'issues' in outcome ? outcome.issues : undefined;
      form = legacyForm(prefilledForm(request.schema, assembled.content, issues), this.protocolVersion);
    }
  }

  /**
   * The app a form question names on the wire: only with all four conditions, read from the session's
   * `initialize`, and never on 2025-06-18, which has no extensions.
   */
  private appOf(request: FormElicitation<object>): string | undefined {
    if (!this.settings.appQuestions || this.protocolVersion < FIRST_EXTENSIONS_VERSION) return undefined;
    const app = request.app;
    return app !== undefined && appRenderingAllowed(this.capabilities, true) ? app : undefined;
  }

  private peerOptions(options: InputOptions, key: string): PeerRequestOptions {
    const timeoutMs = options.timeoutMs ?? this.settings.defaultTimeoutMs;
    if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || timeoutMs > LONGEST_TIMER_MS) {
      throw new RangeError(
        `timeoutMs must be a number of milliseconds between 1 and ${LONGEST_TIMER_MS}; got ${String(timeoutMs)}`,
      );
    }
    return { timeoutMs, abort: this.abort, questionId: `${key}~1` };
  }

  private requirePeer(): LegacyPeer {
    if (!this.peer) throw new Error('This transport cannot send requests to the client');
    return this.peer;
  }
}
