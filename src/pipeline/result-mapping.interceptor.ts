import { ControlFlowSignal } from '../errors/control-flow.signal.js';
import { McpProtocolError } from '../errors/protocol.error.js';
import { UrlElicitationRequiredError } from '../errors/url-elicitation-required.error.js';
import { UserError } from '../errors/user.error.js';
import type { CallInfo } from './call-info.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';
import { toToolErrorResult } from './error-result.js';
import { toCallToolResult, toGetPromptResult, toReadResourceResult } from './result-mappers.js';

export interface ResultMappingSettings {
  structuredOutput: boolean;
  mimeType?: string;
  onUnexpectedError(error: unknown, call: CallInfo): void;
}

/**
 * Maps handler return values to protocol results, and handler failures to error results: a `UserError`
 * shows its message; anything unexpected is logged and reported generically, never with a stack trace.
 */
export class ResultMappingInterceptor implements ElicitorInterceptor {
  constructor(private readonly settings: ResultMappingSettings) {}

  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    let value: unknown;
    try {
      value = await next();
    } catch (error) {
      if (isPassThrough(error)) throw error;
      if (!(error instanceof UserError)) this.settings.onUnexpectedError(error, call);
      if (call.kind === 'tool') return toToolErrorResult(error);
      throw new McpProtocolError(-32603, error instanceof UserError ? error.message : 'Internal error');
    }
    if (call.kind === 'tool') return toCallToolResult(value, this.settings.structuredOutput);
    if (call.kind === 'prompt') return toGetPromptResult(value);
    return toReadResourceResult(value, call.name, this.settings.mimeType);
  }
}

/** Signals and protocol errors are for the outer layers, not for the user. */
function isPassThrough(error: unknown): boolean {
  return (
    error instanceof ControlFlowSignal ||
    error instanceof McpProtocolError ||
    error instanceof UrlElicitationRequiredError
  );
}
