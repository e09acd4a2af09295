/** What the server knows of a question the client's cancel cut short. */
export interface CancelledQuestion {
  /** The call, as `tool "deploy"`, `prompt "draft"` or `resource "file:///a"`. */
  call: string;
  /** The question's id within the call, `key~attempt` (`#n~attempt` for an unkeyed one). */
  questionId: string;
  method: string;
  waitedMs: number;
  /** The client's reason, when it gave one. */
  reason: string;
  /** Whether the call carried a progressToken. */
  hadProgressToken: boolean;
  /** The server's keep-alive interval; 0 when it sends none. */
  keepAliveMs: number;
}

/**
 * The one line logged when a client cancels a call whose question was still waiting for an answer: most
 * often the client's own request timeout ran out while a person was still filling the form.
 */
export function cancelledQuestionLine(question: CancelledQuestion): string {
  const key = question.questionId.slice(0, question.questionId.lastIndexOf('~'));
  const waited = `${(question.waitedMs / 1000).toFixed(1)} s`;
  return (
    `The client cancelled ${question.call} while question "${key}" (${question.method}) had waited ${waited} ` +
    `for an answer (reason: ${question.reason}). ${likelyCause(question)} ` +
    '2026-07-28 clients and tasks have no such limit.'
  );
}

function likelyCause({ hadProgressToken, keepAliveMs }: CancelledQuestion): string {
  if (keepAliveMs === 0)
    return (
      "The likely cause is the client's request timeout (60 s by default in the official SDKs), and this " +
      'server sends no progress while a question waits: set legacyKeepAliveMs (15000 by default), and have ' +
      'the client reset its timeout on progress (resetTimeoutOnProgress), or raise its timeout.'
    );
  if (!hadProgressToken)
    return (
      "The likely cause is the client's request timeout (60 s by default in the official SDKs), which the " +
      'wait outlasted: have the client send a progressToken and reset its timeout on progress ' +
      '(resetTimeoutOnProgress), as the server then sends notifications/progress while a question waits, or ' +
      'raise its timeout.'
    );
  return (
    `The call carried a progressToken and got notifications/progress every ${keepAliveMs / 1000} s, so the ` +
    'likely cause is a client timeout that does not reset on progress, or a total limit on the call ' +
    '(maxTotalTimeout): have the client set resetTimeoutOnProgress, and raise or drop its total limit.'
  );
}
