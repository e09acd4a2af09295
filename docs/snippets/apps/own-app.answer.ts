import { ANSWER_TOOL_NAME } from 'elicitor';
import type { AppAnswerArguments, AppAnswerContent, AppQuestion } from 'elicitor';

/**
 * What an app of your own sends when the person submits: the continuation verbatim, and the answer. It
 * reads `question` from the tool result the host hands it (`structuredContent.elicitorQuestion`).
 */
export function answerCall(
  question: AppQuestion,
  content: AppAnswerContent,
): { name: string; arguments: AppAnswerArguments } {
  return {
    name: ANSWER_TOOL_NAME,
    arguments: { continuation: question.continuation, action: 'accept', content },
  };
}
