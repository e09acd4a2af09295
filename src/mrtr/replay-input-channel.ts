import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ListRootsResult,
} from '@modelcontextprotocol/server';
import { ElicitResult } from '../context/elicit-result.js';
import type { ElicitAction } from '../context/elicit-result.js';
import type { ClientCapabilitiesView } from '../context/client-capabilities-view.js';
import type { ElicitationRequest, FormElicitation } from '../context/elicitation-request.js';
import { appRenderingAllowed } from '../context/app-rendering.check.js';
import type { InputChannel, OnceEffect } from '../context/input-channel.js';
import { decodeReplayValue, encodeReplayValue } from '../context/replay-value.codec.js';
import { InvalidParamsError } from '../errors/invalid-params.error.js';
import { ReplayKeyError } from '../errors/replay-key.error.js';
import { validateFormAnswer, validatePlainFormAnswer } from '../validation/form-answer.check.js';
import { prefilledForm } from '../validation/prefilled-form.builder.js';
import type { ValidationOutcome } from '../validation/validation-outcome.js';
import { callAsPromise } from '../shared/call-as-promise.js';
import { AnswerPins } from './answer-pins.js';
import type { InputKind } from './call-state.js';
import { digestOf } from './digest.js';
import { questionDigest } from './question-digest.js';
import { describeMalformedResponse } from './input-response.check.js';
import { INPUT_REQUIRED, INPUT_REQUIRED_REJECTION } from './input-required-signal.js';
import type { ReplayLedger } from './replay-ledger.js';
import type { OnceRecorder } from './once-recorder.js';
import { changedParts, questionParts } from './question-parts.js';
import type { ServerLogger } from '../shared/server-logger.js';
import type { StateStore } from './stores/state-store.js';

/** What the replay channel records in the shared store, and where it reports a changed question. */
export interface ReplayChannelSettings {
  onceRecorder: OnceRecorder;
  store: StateStore;
  ttlMs: number;
  logger: ServerLogger;
  /** Whether the server declares app-rendered questions (the fourth of their conditions). */
  appQuestions?: boolean;
}

interface ElicitResponse {
  action: ElicitAction;
  content?: Record<string, unknown>;
}

const KEYLESS_ON_MODERN =
  'On a 2026-07-28 request, and on a call asked through an app, every question needs a replay key, e.g. ctx.elicit("contact", params): the handler re-runs each round and the key finds the answer';

/** Input on the modern wire: answers are replayed by key, and unknown ones stop the round. */
export class ReplayInputChannel implements InputChannel {
  private pins: AnswerPins | undefined;
  /** The question each key was asked with in this run: one key, one question. */
  private askedThisRun: Map<string, string> | undefined;

  /** Whether this request's client may be sent a question's app; read on the first question with one. */
  private appsAllowed: boolean | undefined;

  constructor(
    private readonly ledger: ReplayLedger,
    private readonly settings: ReplayChannelSettings,
    /** This request's client capabilities, read only when a question has an app. */
    private readonly client?: () => ClientCapabilitiesView,
  ) {}

  get round(): number {
    return this.ledger.round;
  }

  elicit<T>(key: string | undefined, request: ElicitationRequest): Promise<ElicitResult<T>> {
    if (key === undefined) return Promise.reject(new Error(KEYLESS_ON_MODERN));
    const wire = request.toWire();
    const digest = questionDigest(wire);
    this.checkQuestion(key, digest, () => ({ method: 'elicitation/create', params: { ...wire } }));
    const settled = this.ledger.settled(key, digest);
    if (settled) {
      const response = settled[1] as ElicitResponse;
      // A settled answer was validated when it arrived; only a class or Standard Schema form needs its value rebuilt.
      if (response.action !== 'accept' || request.mode === 'url' || !request.refine) {
        return Promise.resolve(new ElicitResult<T>(response.action, response.content as T | undefined));
      }
      return this.ledger.track(this.answerRefined<T>(key, digest, request, response));
    }
    const fresh = this.ledger.fresh(key, digest);
    if (fresh !== undefined) {
      const malformed = this.malformed('elicit', key, fresh);
      if (malformed) return Promise.reject(malformed);
      // Only a class or Standard Schema form is validated asynchronously; the rest settles here.
      if (request.mode === 'form' && request.refine && (fresh as ElicitResponse).action === 'accept')
        return this.ledger.track(this.answerRefined<T>(key, digest, request, fresh as ElicitResponse));
      return this.answerNow<T>(key, digest, request, fresh as ElicitResponse);
    }
    this.ledger.ask(key, {
      kind: 'elicit',
      digest,
      request: { method: 'elicitation/create', params: this.withApp(request, { ...wire }) },
      ...appOf(request),
    });
    return INPUT_REQUIRED_REJECTION;
  }

  sample(key: string | undefined, params: CreateMessageRequestParams): Promise<CreateMessageResult> {
    return this.replayed<CreateMessageResult>('sample', key, 'sampling/createMessage', { ...params });
  }

  listRoots(key: string | undefined): Promise<ListRootsResult> {
    return this.replayed<ListRootsResult>('roots', key, 'roots/list', undefined);
  }

  continueAsTask(): Promise<void> {
    this.ledger.continuesAsTask = true;
    return INPUT_REQUIRED_REJECTION;
  }

  memo<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    if (this.ledger.hasMemo(key)) return Promise.resolve(decodeReplayValue(this.ledger.memoValue(key)) as T);
    return this.ledger.track(
      (async () => {
        const encoded = encodeReplayValue(await compute(), `ctx.memo("${key}")`);
        this.ledger.setMemo(key, encoded);
        return decodeReplayValue(encoded) as T;
      })(),
    );
  }

  once<T>(key: string, effect: OnceEffect<T>): Promise<T> {
    if (this.ledger.hasOnce(key)) return Promise.resolve(decodeReplayValue(this.ledger.onceValue(key)) as T);
    return this.ledger.track(
      (async () => {
        await this.pinAnswers();
        const encoded = await this.settings.onceRecorder.run(
          this.ledger.cid,
          key,
          effect,
          this.ledger.issuedAt,
          this.ledger.generation,
        );
        this.ledger.setOnce(key, encoded);
        return decodeReplayValue(encoded) as T;
      })(),
    );
  }

  /** A final result ties its answers to the call, unless the call never handed out a state or ran once. */
  settleOutcome(): Promise<void> | undefined {
    return this.ledger.hasCallId ? this.pinAnswers() : undefined;
  }

  /** Once the call's final result is recorded: its answers need no pins any more. */
  forgetPins(): Promise<void> | undefined {
    return this.pins?.forget();
  }

  /** The answers a decision rests on, tied to the call so no other branch of it decides differently. */
  private pinAnswers(): Promise<void> {
    const { store, ttlMs } = this.settings;
    this.pins ??= new AnswerPins(store, ttlMs, this.ledger.cid, this.ledger.issuedAt, this.ledger.generation);
    return this.pins.pin(this.ledger.settledAnswers);
  }

  /**
   * One key names one question: a second, different question under a key in the same run is refused.
   * A question that changed since the client answered it is asked again once (a redeploy may change
   * it), with a warning; a second change would loop forever, so it ends the call, naming what changed.
   */
  private checkQuestion(
    key: string,
    digest: string,
    request: () => { method: string; params?: Record<string, unknown> },
  ): void {
    const asked = (this.askedThisRun ??= new Map());
    const earlier = asked.get(key);
    if (earlier !== undefined && earlier !== digest) throw ReplayKeyError.reused(key);
    asked.set(key, digest);
    if (!this.ledger.questionChanged(key, digest)) return;
    const parts = questionParts(request());
    const before = this.ledger.changedBefore(key);
    if (before !== undefined) throw ReplayKeyError.keepsChanging(key, changedParts(before, parts));
    this.ledger.markChanged(key, parts);
    this.settings.logger.warn(
      `the question under "${key}" changed after the client answered it, so it is asked again; if it changes in every round, compute what varies inside ctx.memo`,
    );
  }

  /**
   * A first-round answer was never matched to an asked question, so the interceptor could not check its
   * shape up front; it is checked here, against the kind the handler asks for.
   */
  private malformed(kind: InputKind, key: string, response: unknown): InvalidParamsError | undefined {
    if (this.ledger.resumed) return undefined;
    const reason = describeMalformedResponse(kind, response);
    return reason ? new InvalidParamsError(`Invalid inputResponses: "${key}" ${reason}`) : undefined;
  }

  /** An accepted answer to a class or Standard Schema form: their validation may be asynchronous. */
  private async answerRefined<T>(
    key: string,
    digest: string,
    request: FormElicitation<object>,
    response: ElicitResponse,
  ): Promise<ElicitResult<T>> {
    const outcome = await validateFormAnswer(request.refine, request.schema, response.content ?? {});
    return this.settleValidated<T>(key, digest, request, response, outcome);
  }

  /**
   * Turns any other response into the handler's result, settled here without a promise hop; an accepted
   * form that fails validation is asked again.
   */
  private answerNow<T>(
    key: string,
    digest: string,
    request: ElicitationRequest,
    response: ElicitResponse,
  ): Promise<ElicitResult<T>> {
    if (response.action !== 'accept' || request.mode === 'url') {
      this.ledger.settle(key, digest, { action: response.action });
      return Promise.resolve(new ElicitResult<T>(response.action));
    }
    const outcome = validatePlainFormAnswer(request.schema, response.content ?? {});
    return callAsPromise(() => this.settleValidated<T>(key, digest, request, response, outcome));
  }

  private settleValidated<T>(
    key: string,
    digest: string,
    request: FormElicitation<object>,
    response: ElicitResponse,
    outcome: ValidationOutcome<unknown>,
  ): ElicitResult<T> {
    if (outcome.ok) {
      // Only the form's own fields are carried forward: the client may not grow the state with extra keys.
      const content = request.refine ? schemaFieldsOf(request.schema, response.content) : outcome.value;
      this.ledger.settle(key, digest, { action: 'accept', content });
      return new ElicitResult<T>('accept', outcome.value as T);
    }
    const wire = request.toWire();
    const message = `${wire.message}\n\nYour previous answer was not accepted: ${outcome.message}`;
    // Asked under the question's own digest: the re-ask changes only what the person sees.
    const requestedSchema = prefilledForm(request.schema, response.content, outcome.issues);
    this.ledger.ask(key, {
      kind: 'elicit',
      digest,
      request: {
        method: 'elicitation/create',
        params: this.withApp(request, { ...wire, message, requestedSchema }),
      },
      ...appOf(request),
    });
    throw INPUT_REQUIRED;
  }

  /**
   * The question as sent: with `_meta.ui.resourceUri` when it has an app and all four conditions hold,
   * untouched otherwise. Its digest is the plain question's, so the answer's key and pin do not depend
   * on what rendered it.
   */
  private withApp(request: ElicitationRequest, params: Record<string, unknown>): Record<string, unknown> {
    if (request.mode !== 'form' || !this.settings.appQuestions || this.client === undefined) return params;
    const app = request.app;
    if (app === undefined) return params;
    this.appsAllowed ??= appRenderingAllowed(this.client(), true);
    if (this.appsAllowed) params._meta = { ui: { resourceUri: app } };
    return params;
  }

  private replayed<T>(
    kind: InputKind,
    key: string | undefined,
    method: string,
    params: Record<string, unknown> | undefined,
  ): Promise<T> {
    if (key === undefined) return Promise.reject(new Error(KEYLESS_ON_MODERN));
    const request = params === undefined ? { method } : { method, params };
    const digest = digestOf(request);
    this.checkQuestion(key, digest, () => request);
    const settled = this.ledger.settled(key, digest);
    if (settled) return Promise.resolve(settled[1] as T);
    const fresh = this.ledger.fresh(key, digest);
    if (fresh !== undefined) {
      const malformed = this.malformed(kind, key, fresh);
      if (malformed) return Promise.reject(malformed);
      this.ledger.settle(key, digest, fresh);
      return Promise.resolve(fresh as T);
    }
    this.ledger.ask(key, { kind, digest, request });
    return INPUT_REQUIRED_REJECTION;
  }
}

/** A form question's own app, kept beside the question for a client that is asked through an app. */
function appOf(request: ElicitationRequest): { app?: string } {
  return request.mode === 'form' && request.app !== undefined ? { app: request.app } : {};
}

/** The answer's values for the fields the form asked, and nothing else. */
function schemaFieldsOf(
  schema: { properties: Readonly<Record<string, unknown>> },
  content: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  if (content === undefined) return kept;
  for (const name in schema.properties) if (Object.hasOwn(content, name)) kept[name] = content[name];
  return kept;
}
