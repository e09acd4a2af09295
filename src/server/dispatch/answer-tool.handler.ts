import { InvalidParamsError } from '../../errors/invalid-params.error.js';
import { APP_ANSWER, type AppAnswer } from '../../mrtr/app-answer.js';
import { isRecord } from '../../shared/is-record.js';
import { ANSWER_TOOL_NAME } from '../../shared/mcp-apps.constants.js';

const ACTIONS: ReadonlySet<string> = new Set(['accept', 'decline', 'cancel']);

/**
 * `elicitor_answer` as the call it continues: the original tool's name and arguments, its sealed state,
 * and the app's answer where the re-run model reads it. The sealed state is checked by the re-run model
 * exactly as any `requestState` is (tool, arguments, principal, expiry).
 */
export function answeredCallParams(params: Record<string, unknown>): Record<string, unknown> {
  const args = params.arguments;
  if (!isRecord(args)) throw invalid('arguments must be an object');
  const { continuation, action, content } = args;
  if (!isRecord(continuation)) throw invalid('continuation must be the object the question carried');
  const { tool, arguments: toolArguments, requestState } = continuation;
  if (typeof tool !== 'string' || tool === ANSWER_TOOL_NAME)
    throw invalid('continuation.tool must name the tool that asked');
  if (!isRecord(toolArguments)) throw invalid('continuation.arguments must be an object');
  if (typeof requestState !== 'string' || requestState === '')
    throw invalid('continuation.requestState must be the sealed state the question carried');
  if (typeof action !== 'string' || !ACTIONS.has(action))
    throw invalid('action must be "accept", "decline" or "cancel"');
  if (content !== undefined && !isRecord(content)) throw invalid('content must be an object');
  const answer: AppAnswer = { action: action as AppAnswer['action'] };
  if (action === 'accept') answer.content = content ?? {};
  const continued: Record<string, unknown> = { name: tool, arguments: toolArguments, requestState };
  if (params._meta !== undefined) continued._meta = params._meta;
  (continued as { [APP_ANSWER]?: AppAnswer })[APP_ANSWER] = answer;
  return continued;
}

function invalid(reason: string): InvalidParamsError {
  return new InvalidParamsError(`Invalid ${ANSWER_TOOL_NAME} arguments: ${reason}`);
}
