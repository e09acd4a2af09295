import { INPUT_CHANNEL } from '../context/context.js';
import { InvalidParamsError } from '../errors/invalid-params.error.js';
import { UrlElicitationRequiredError } from '../errors/url-elicitation-required.error.js';
import type { CallInfo } from '../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../pipeline/elicitor-interceptor.js';
import { assertCapabilitiesFor } from './capability.check.js';
import type { CallState } from './call-state.js';
import { digestOf } from './digest.js';
import { describeMalformedResponse } from './input-response.guard.js';
import { isInputRequired } from './input-required.signal.js';
import type { OnceRecorder } from './once.recorder.js';
import { ReplayInputChannel } from './replay-input-channel.js';
import { ReplayLedger } from './replay-ledger.js';
import type { RequestStateCodec, StateBinding } from './request-state.codec.js';
import type { ServerLogger } from './server-logger.js';
import type { StateStore } from './stores/state-store.js';

const ROUND_RUNNING = '"__elicitor_round_running__"';

export interface MrtrSettings {
  codec: RequestStateCodec;
  store: StateStore;
  onceRecorder: OnceRecorder;
  ttlMs: number;
  logger: ServerLogger;
}

/**
 * The re-run model on modern requests: opens and checks the sealed state, replays settled answers,
 * and turns the input-required signal into an `input_required` result with fresh sealed state.
 * A retried final round gets the stored final result without running the handler or its commits again.
 */
export class MrtrInterceptor implements ElicitorInterceptor {
  constructor(private readonly settings: MrtrSettings) {}

  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const { codec, store, ttlMs } = this.settings;
    const token = call.params.requestState;
    // One binding per round, made only when the round opens or seals a state.
    let binding = token === undefined ? undefined : this.bindingOf(call);
    const state = binding === undefined ? undefined : codec.open<CallState>(token, binding).payload;
    const incoming = readInputResponses(call.params.inputResponses);
    const ledger = new ReplayLedger(state, incoming);
    if (state !== undefined) {
      for (const key of ledger.answeredKeys()) {
        const reason = describeMalformedResponse(ledger.askedKind(key)!, incoming[key]);
        if (reason) throw new InvalidParamsError(`Invalid inputResponses: "${key}" ${reason}`);
      }
    }
    const finalKey = ledger.resumed ? `final:${ledger.cid}` : undefined;
    if (finalKey !== undefined) {
      const previous = await this.claim(finalKey);
      if (previous !== undefined) return previous;
    }
    call.context[INPUT_CHANNEL] = new ReplayInputChannel(ledger, this.settings.onceRecorder);
    try {
      const result = await next();
      if (ledger.hasPending) {
        this.settings.logger.warn(
          `${call.name} returned a final result after asking for input; a catch block swallowed the input-required signal (rethrow it, see isInputRequired)`,
        );
      }
      if (finalKey !== undefined) await store.set(finalKey, JSON.stringify(result), ttlMs);
      return result;
    } catch (error) {
      if (finalKey !== undefined) await store.delete(finalKey);
      if (error instanceof UrlElicitationRequiredError) addUrlQuestions(ledger, error);
      else if (!isInputRequired(error)) throw error;
      await ledger.settleInFlight();
      assertCapabilitiesFor(ledger.pending.values(), call.context.clientCapabilities);
      const inputRequests: Record<string, unknown> = {};
      for (const [key, question] of ledger.pending) inputRequests[key] = question.request;
      binding ??= this.bindingOf(call);
      return {
        resultType: 'input_required',
        inputRequests,
        requestState: codec.seal(ledger.nextState(), binding),
      };
    }
  }

  /**
   * Marks this call's round as running, so two copies of a final round cannot both run the handler and
   * its commits. Returns the stored final result when the call already completed.
   */
  private async claim(finalKey: string): Promise<unknown> {
    const { store, ttlMs } = this.settings;
    if (await store.setIfAbsent(finalKey, ROUND_RUNNING, ttlMs)) return undefined;
    const stored = await store.get(finalKey);
    if (stored === undefined) return this.claim(finalKey);
    if (stored === ROUND_RUNNING)
      throw new InvalidParamsError('This requestState is already being processed by another request');
    return JSON.parse(stored) as unknown;
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

function readInputResponses(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidParamsError('Invalid inputResponses: must be an object keyed by the input request keys');
  }
  return value as Record<string, unknown>;
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
