import { asksThroughApp } from '../context/app-asking.check.js';
import { INPUT_CHANNEL } from '../context/context.js';
import { ElicitorError } from '../errors/elicitor.error.js';
import { InvalidParamsError } from '../errors/invalid-params.error.js';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error.js';
import { OutcomeUnknownError } from '../errors/outcome-unknown.error.js';
import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import { WorkInProgressError } from '../errors/work-in-progress.error.js';
import { UrlElicitationRequiredError } from '../errors/url-elicitation-required.error.js';
import { REQUEST_ENVIRONMENT, type CallInfo } from '../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../pipeline/elicitor-interceptor.js';
import {
  INPUT_REQUIRED_OUTCOME,
  INPUT_REQUIRED_SIGNAL,
  type SignalPassingCall,
} from '../pipeline/input-required-outcome.js';
import { APP_ANSWER, type AppAnswer } from './app-answer.js';
import { appAnsweredKey, appAskableQuestion, appQuestionResult } from './app-question.builder.js';
import { assertCapabilitiesFor } from './capability.check.js';
import { refuseLegacyRound } from './legacy-round.check.js';
import type { CallState } from './call-state.js';
import { StoreCommitJournal } from './commit-journal.js';
import { digestOf } from './digest.js';
import { describeMalformedResponse } from './input-response.check.js';
import { INPUT_REQUIRED, isInputRequired } from './input-required-signal.js';
import type { ClaimOutcome, Lease, LeaseClaims } from './lease-claims.js';
import type { OnceRecorder } from './once-recorder.js';
import { ReplayInputChannel } from './replay-input-channel.js';
import { ReplayLedger } from './replay-ledger.js';
import { markSealedResult, rememberResultJson } from './sealed-results.js';
import { markTaskStart } from './task-start.js';
import type { RequestStateCodec, StateBinding } from './request-state.codec.js';
import type { ServerLogger } from '../shared/server-logger.js';
import { RECORDS_DROPPED } from './stores/record-horizon.check.js';
import type { StateStore } from './stores/state-store.js';

export interface MrtrSettings {
  codec: RequestStateCodec;
  store: StateStore;
  claims: LeaseClaims;
  onceRecorder: OnceRecorder;
  ttlMs: number;
  logger: ServerLogger;
  /** Whether the server declares app-rendered questions. */
  appQuestions?: boolean;
  /** Whether a client that renders apps but cannot be sent a form is asked through an app. */
  askThroughApps?: boolean;
}

/**
 * The re-run model on modern requests: opens and checks the sealed state, replays settled answers,
 * and turns the input-required signal into an `input_required` result with fresh sealed state.
 * A resumed round leases the call's final-result key while it runs: a retried final round gets the stored
 * final result without running the handler or its commits again, and a round whose replica died is taken
 * over once the lease expires. A final result is recorded only after its commits all ran; the call's answer
 * pins are dropped then, since every later round gets the recorded result without running.
 */
export class MrtrInterceptor implements ElicitorInterceptor {
  private forgotten = 0;

  constructor(private readonly settings: MrtrSettings) {}

  /** Rounds refused because the store had lost the records of their call, since the server started. */
  get refusedForgotten(): number {
    return this.forgotten;
  }

  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const token = call.params.requestState;
    if (token !== undefined) return this.resumedRound(call, next, token);
    // A first round holds no lease and awaits nothing before the handler, so it needs no async frame.
    let ledger: ReplayLedger;
    let running: Promise<unknown>;
    // Read before the handler writes anything, so every record of the call is of this generation or later.
    const generation = this.settings.store.generation?.();
    generation?.catch(() => undefined);
    try {
      ledger = new ReplayLedger(undefined, readInputResponses(call.params.inputResponses));
      this.openChannel(call, ledger);
      running = next();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const askAgain = async (): Promise<unknown> => {
      ledger.generation = await generation;
      return this.inputRequired(call, ledger, undefined, undefined);
    };
    return running.then(
      (result) => {
        if (result === INPUT_REQUIRED_OUTCOME) return askAgain();
        this.warnIfSignalSwallowed(call, ledger);
        return result;
      },
      (error: unknown) => {
        if (error instanceof UrlElicitationRequiredError) addUrlQuestions(ledger, error);
        else if (!isInputRequired(error)) throw error;
        return askAgain();
      },
    );
  }

  private openChannel(call: CallInfo, ledger: ReplayLedger): ReplayInputChannel {
    const context = call.context;
    // An answer sent through the app asks its next question through the app as well.
    if (
      this.settings.askThroughApps &&
      (APP_ANSWER in call.params || asksThroughApp(context.clientCapabilities))
    )
      context.markAsksThroughApp();
    const channel = new ReplayInputChannel(
      ledger,
      this.settings,
      this.settings.appQuestions ? () => context.clientCapabilities : undefined,
    );
    call.context[INPUT_CHANNEL] = channel;
    (call as SignalPassingCall)[INPUT_REQUIRED_SIGNAL] = INPUT_REQUIRED;
    return channel;
  }

  private async resumedRound(call: CallInfo, next: () => Promise<unknown>, token: unknown): Promise<unknown> {
    const { codec, store, ttlMs } = this.settings;
    // One binding per round, made only when the round opens or seals a state.
    const binding = this.bindingOf(call);
    const opened = codec.open<CallState>(token, binding);
    const appAnswer = (call.params as { [APP_ANSWER]?: AppAnswer })[APP_ANSWER];
    const incoming =
      appAnswer === undefined
        ? readInputResponses(call.params.inputResponses)
        : appAnswerResponses(opened.payload, appAnswer);
    const ledger = new ReplayLedger(opened.payload, incoming, opened.issuedAt);
    for (const key of ledger.answeredKeys()) {
      const reason = describeMalformedResponse(ledger.askedKind(key)!, incoming[key]);
      if (reason) throw new InvalidParamsError(`Invalid inputResponses: "${key}" ${reason}`);
    }
    let claim: ClaimOutcome;
    try {
      claim = await this.settings.claims.claim(`final:${ledger.cid}`, opened.issuedAt, ledger.generation);
    } catch (error) {
      this.logIfRecordsLost(error);
      throw error;
    }
    if (claim.status === 'recorded') return JSON.parse(claim.value) as unknown;
    if (claim.status === 'held')
      throw new WorkInProgressError('This requestState is already being processed by another request');
    const lease = claim.lease;
    call.context.commits.useJournal(
      new StoreCommitJournal(store, ttlMs, ledger.cid, this.settings.claims.pending, opened.issuedAt),
    );
    const channel = this.openChannel(call, ledger);
    try {
      const result = await next();
      if (result !== INPUT_REQUIRED_OUTCOME) {
        this.warnIfSignalSwallowed(call, ledger);
        return await this.finish(call, channel, lease, result);
      }
    } catch (error) {
      if (error instanceof UrlElicitationRequiredError) addUrlQuestions(ledger, error);
      else if (!isInputRequired(error)) {
        await lease.release(error instanceof StoreUnavailableError);
        this.logIfRecordsLost(error);
        throw error;
      }
    }
    return this.inputRequired(call, ledger, lease, binding);
  }

  /** The client is told its state expired, or that its call's outcome is unknown; the server log says why. */
  private logIfRecordsLost(error: unknown): void {
    if (error instanceof OutcomeUnknownError) {
      this.forgotten++;
      this.settings.logger.warn(
        `requestState refused: its call started under state store generation ${error.issuedGeneration}, and the store is now in ${error.liveGeneration || 'none'}; it lost its records (restarted empty, flushed, or failed over), so the call's outcome is unknown (${this.forgotten} refused so far)`,
      );
      return;
    }
    if (!(error instanceof InvalidRequestStateError) || error.reason !== RECORDS_DROPPED) return;
    this.settings.logger.warn(
      'requestState rejected: issued before the state store dropped records it may need (the store is full; give it more room, or use a shared store)',
    );
  }

  /** Records a final result, unless its commits failed: a failed commit leaves the call open for a retry. */
  private async finish(
    call: CallInfo,
    channel: ReplayInputChannel,
    lease: Lease,
    result: unknown,
  ): Promise<unknown> {
    if (call.context.commits.failed) {
      await lease.release();
      return result;
    }
    const json = JSON.stringify(result);
    rememberResultJson(result, json);
    // Pins only guard decisions: while the store is out, they are left to expire rather than waited on.
    if ((await lease.complete(json)) && this.settings.claims.pending.size === 0) {
      const forgetting = channel.forgetPins();
      if (forgetting) await forgetting.catch((error: unknown) => this.pinsNotForgotten(error));
    }
    return result;
  }

  private warnIfSignalSwallowed(call: CallInfo, ledger: ReplayLedger): void {
    if (!ledger.hasPending && !ledger.continuesAsTask) return;
    const what = ledger.hasPending ? 'asking for input' : 'calling ctx.continueAsTask()';
    this.settings.logger.warn(
      `${call.name} returned a final result after ${what}; a catch block swallowed the input-required signal (rethrow it, see isInputRequired)`,
    );
  }

  /** Ends a round that needs input: its lease is given up, and its questions go out with the sealed state. */
  private async inputRequired(
    call: CallInfo,
    ledger: ReplayLedger,
    lease: Lease | undefined,
    binding: StateBinding | undefined,
  ): Promise<unknown> {
    if (lease !== undefined) await lease.release();
    if (ledger.hasInFlight) await ledger.settleInFlight();
    const environment = call[REQUEST_ENVIRONMENT];
    if (ledger.continuesAsTask && !ledger.hasPending && environment?.taskStart) {
      // Questions asked before the task exists are settled in the call; the task carries their answers.
      const state = this.seal(ledger, binding ?? this.bindingOf(call), environment.taskStart.stateTtlMs);
      return markTaskStart(state);
    }
    if (call.context.asksThroughApp) {
      const askable = appAskableQuestion(ledger.pending);
      if (askable !== undefined) {
        const state = this.seal(ledger, binding ?? this.bindingOf(call), environment?.stateTtlMs);
        const continued = { tool: call.name, arguments: call.arguments };
        return appQuestionResult(askable[0], askable[1], continued, state);
      }
      if (call.context.era === 'legacy')
        refuseLegacyRound(ledger.pending.values(), call.context.clientCapabilities);
    }
    assertCapabilitiesFor(ledger.pending.values(), call.context.clientCapabilities);
    const inputRequests: Record<string, unknown> = {};
    for (const [key, question] of ledger.pending) inputRequests[key] = question.request;
    return markSealedResult({
      resultType: 'input_required',
      inputRequests,
      requestState: this.seal(ledger, binding ?? this.bindingOf(call), environment?.stateTtlMs),
    });
  }

  /** A pin left behind only waits for its TTL: the recorded result stands either way. */
  private pinsNotForgotten(error: unknown): void {
    this.settings.logger.warn(`could not drop the answer pins of a finished call: ${String(error)}`);
  }

  /** A state grown past the cap by the client's own answers is the client's error, not the server's. */
  private seal(ledger: ReplayLedger, binding: StateBinding, ttlMs: number | undefined): string {
    try {
      return this.settings.codec.seal(ledger.nextState(), binding, ttlMs);
    } catch (error) {
      if (!(error instanceof ElicitorError && error.code === 'REQUEST_STATE_TOO_LARGE')) throw error;
      if (ledger.settledAnswers === undefined) throw error;
      throw new InvalidParamsError(
        `The answers given so far are too large to carry to the next round (the requestState limit is ${this.settings.codec.maxBytes} bytes); answer with shorter values`,
        { reason: 'answers_too_large' },
      );
    }
  }

  private bindingOf(call: CallInfo): StateBinding {
    const binding: StateBinding = {
      method: call.context.target.method,
      target: call.name,
      argsDigest: digestOf(call.arguments),
    };
    const principal = call.context.principal;
    if (principal !== undefined) binding.principal = principal;
    return binding;
  }
}

/** Read only, so every round without answers shares it. */
const NO_RESPONSES: Readonly<Record<string, unknown>> = Object.freeze({});

function readInputResponses(value: unknown): Readonly<Record<string, unknown>> {
  if (value === undefined) return NO_RESPONSES;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidParamsError('Invalid inputResponses: must be an object keyed by the input request keys');
  }
  return value as Record<string, unknown>;
}

/** An answer sent through the app, under the key of the question the app showed. */
function appAnswerResponses(state: CallState, answer: AppAnswer): Record<string, unknown> {
  const key = appAnsweredKey(state);
  if (key === undefined)
    throw new InvalidParamsError('Invalid continuation: the call it continues asked no form question');
  return { [key]: answer };
}

function addUrlQuestions(ledger: ReplayLedger, error: UrlElicitationRequiredError): void {
  error.elicitations.forEach((spec, index) => {
    const key = spec.key ?? spec.elicitationId ?? `url-${index + 1}`;
    const params = { mode: 'url', url: spec.url, message: spec.message };
    ledger.ask(key, {
      kind: 'elicit',
      digest: digestOf(params),
      request: { method: 'elicitation/create', params },
    });
  });
}
