import type { AppQuestion } from '../shared/app-question.types.js';
import type { PendingQuestion } from './replay-ledger.js';
import type { CallState } from './call-state.js';

/** The call a question through an app continues: the tool and the arguments it was called with. */
export interface ContinuedCall {
  tool: string;
  arguments: Record<string, unknown>;
}

/**
 * The first question a round asked, when every one is a form question an app can show; undefined
 * otherwise (a URL, sampling or roots question keeps the ordinary capability error). The others are
 * asked again, one at a time, on the re-runs that follow.
 */
export function appAskableQuestion(
  pending: ReadonlyMap<string, PendingQuestion>,
): [key: string, question: PendingQuestion] | undefined {
  let first: [string, PendingQuestion] | undefined;
  for (const entry of pending) {
    const [, question] = entry;
    if (question.kind !== 'elicit' || question.request.params?.mode === 'url') return undefined;
    first ??= entry;
  }
  return first;
}

/**
 * The ordinary tool result that ends a call asking through an app: the model is told the user is being
 * asked and not to call again; the app reads the question and its sealed continuation.
 */
export function appQuestionResult(
  key: string,
  question: PendingQuestion,
  call: ContinuedCall,
  requestState: string,
): Record<string, unknown> {
  const params = question.request.params ?? {};
  const message = typeof params.message === 'string' ? params.message : '';
  const elicitorQuestion: AppQuestion = {
    key,
    message,
    requestedSchema: (params.requestedSchema ?? {}) as Record<string, unknown>,
    ...(question.app !== undefined ? { app: question.app } : {}),
    continuation: { tool: call.tool, arguments: call.arguments, requestState },
  };
  const text = `The user is being asked in the app: "${message}". Do not call ${call.tool} again: the app puts the outcome into the conversation once the user answers.`;
  return { content: [{ type: 'text', text }], structuredContent: { elicitorQuestion } };
}

/**
 * The key an answer sent through the app settles: the first form question the previous round asked,
 * the one its result showed. Undefined when that round asked none.
 */
export function appAnsweredKey(state: CallState): string | undefined {
  const asked = state.q;
  if (asked === undefined) return undefined;
  for (const key in asked) if (Object.hasOwn(asked, key) && asked[key]![0] === 'elicit') return key;
  return undefined;
}
