import type { AppQuestion } from '../shared/app-question.types.js';
import { isRecord } from '../shared/is-record.js';
import { ANSWER_TOOL_NAME, MCP_APP_MIME_TYPE, UI_EXTENSION } from '../shared/mcp-apps.constants.js';
import type { InputRequestView } from './answer-script.js';

/**
 * The capabilities of a host that renders MCP Apps and cannot elicit (Claude Desktop, claude.ai): no
 * `elicitation`, only the UI extension with the app MIME type.
 */
export const APPS_ONLY_HOST_CAPABILITIES = Object.freeze({
  extensions: Object.freeze({ [UI_EXTENSION]: Object.freeze({ mimeTypes: [MCP_APP_MIME_TYPE] }) }),
});

/** The question a result asks through an app (`structuredContent.elicitorQuestion`), if it asks one. */
export function appQuestionOf(result: Record<string, unknown> | undefined): AppQuestion | undefined {
  const structured = result?.structuredContent;
  const question = isRecord(structured) ? structured.elicitorQuestion : undefined;
  return isRecord(question) && typeof question.key === 'string'
    ? (question as unknown as AppQuestion)
    : undefined;
}

/** A question asked through an app as a script sees it: the form question the app renders. */
export function appQuestionView(question: AppQuestion, round: number): InputRequestView {
  return {
    key: question.key,
    method: 'elicitation/create',
    params: { mode: 'form', message: question.message, requestedSchema: question.requestedSchema },
    round,
    ...(question.app !== undefined ? { app: question.app } : {}),
  };
}

/** The `tools/call` params an app sends to answer a question: the continuation verbatim, and the answer. */
export function appAnswerParams(question: AppQuestion, answer: unknown): Record<string, unknown> {
  const { action, content } = (isRecord(answer) ? answer : {}) as { action?: unknown; content?: unknown };
  return {
    name: ANSWER_TOOL_NAME,
    arguments: {
      continuation: question.continuation,
      action: typeof action === 'string' ? action : 'cancel',
      ...(content !== undefined ? { content } : {}),
    },
  };
}
