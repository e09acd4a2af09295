import { ElicitorError } from './elicitor.error.js';

/** One out-of-band step the user must complete at a URL before the request can go on. */
export interface UrlElicitationSpec {
  url: string;
  message: string;
  /** Legacy correlation id; generated when omitted. */
  elicitationId?: string;
  /** Modern replay key; defaults to the elicitationId or `url-<n>`. */
  key?: string;
}

/**
 * Thrown by a handler that cannot go on until the user visits one or more URLs. Legacy clients get
 * JSON-RPC -32042; modern clients get an `input_required` result with URL-mode questions.
 */
export class UrlElicitationRequiredError extends ElicitorError {
  constructor(
    readonly elicitations: UrlElicitationSpec[],
    message = 'This request requires more information.',
  ) {
    super('URL_ELICITATION_REQUIRED', message);
  }
}
