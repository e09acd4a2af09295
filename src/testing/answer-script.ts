/** One embedded request of an `input_required` result, as the test client sees it. */
export interface InputRequestView {
  key: string;
  method: string;
  params: Record<string, unknown>;
  round: number;
  /** The MCP App the question names (`_meta.ui.resourceUri`): a host that can renders it instead of the form. */
  app?: string;
}

/** A scripted answer: a literal response, or a function of the question. */
export type ScriptedAnswer = Record<string, unknown> | ((request: InputRequestView) => unknown);

/**
 * Answers by replay key. A list is consumed in order when the same key is asked again (e.g. after an
 * invalid answer); the last entry repeats.
 */
export type AnswerScript = Record<string, ScriptedAnswer | ScriptedAnswer[]>;

/** Accepts a form with this content. */
export const accept = (content: Record<string, unknown> = {}): Record<string, unknown> => ({
  action: 'accept',
  content,
});
export const decline = (): Record<string, unknown> => ({ action: 'decline' });
export const cancel = (): Record<string, unknown> => ({ action: 'cancel' });

/** Picks the scripted answer for one question, or undefined when the script has none. */
export function answerFor(
  script: AnswerScript,
  request: InputRequestView,
  asked: Map<string, number>,
): unknown {
  const entry = script[request.key];
  if (entry === undefined) return undefined;
  const count = asked.get(request.key) ?? 0;
  asked.set(request.key, count + 1);
  const chosen = Array.isArray(entry) ? entry[Math.min(count, entry.length - 1)] : entry;
  return typeof chosen === 'function' ? chosen(request) : chosen;
}
