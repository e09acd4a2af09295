import type { ClientCapabilities } from '@modelcontextprotocol/server';
import type { ElicitationRequest } from './elicitation-request.js';

/** The elicitation modes one request's client declared. `{}` alone means form only. */
export class ElicitationModes {
  readonly form: boolean;
  readonly url: boolean;

  constructor(declared: NonNullable<ClientCapabilities['elicitation']>) {
    const hasForm = declared.form !== undefined;
    const hasUrl = declared.url !== undefined;
    this.form = hasForm || !hasUrl;
    this.url = hasUrl;
  }

  /** Whether this client can be sent the given question. */
  allows(params: ElicitationRequest | { mode?: string }): boolean {
    const mode = 'toWire' in params ? params.mode : (params.mode ?? 'form');
    return mode === 'url' ? this.url : this.form;
  }

  /** True when the client takes every mode, so no fallback path is needed. */
  unconstrained(): boolean {
    return this.form && this.url;
  }
}
