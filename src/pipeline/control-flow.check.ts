import { ControlFlowSignal } from '../errors/control-flow-signal.js';
import { McpProtocolError } from '../errors/protocol.error.js';
import { UrlElicitationRequiredError } from '../errors/url-elicitation-required.error.js';

/**
 * What steers a call rather than failing it: the re-run model's signals (input required), URL elicitation
 * (an `input_required` round on 2026-07-28, the URL-elicitation-required error on the 2025 eras) and protocol errors meant for the
 * wire. Result mapping and exception filters let these through untouched.
 */
export function isControlFlow(error: unknown): boolean {
  return (
    error instanceof ControlFlowSignal ||
    error instanceof McpProtocolError ||
    error instanceof UrlElicitationRequiredError
  );
}
