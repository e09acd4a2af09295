import { checkFormContent } from '../form/form-field.check.js';
import type { FormQuestion } from '../form/form-question.types.js';
import { coerceFieldValue } from '../form/form-value-coercer.js';
import type { AnswersFile, ScriptedAnswer } from './answers-file.reader.js';
import type {
  ElicitationReply,
  ElicitationRequest,
  ElicitationResponder,
} from './elicitation-request.reader.js';

/**
 * Answers from an answers file, never from the terminal. Precedence per question:
 * the first unused `answers` entry that applies, then `url` for URL mode, then
 * `byField` for forms, then the `unanswered` action with a warning.
 * Accepted content is sent as written even when it does not fit the form (to
 * let scripts probe a server's validation); the mismatch becomes a warning.
 */
export class ScriptedResponder implements ElicitationResponder {
  private readonly used = new Set<number>();

  constructor(private readonly file: AnswersFile) {}

  async respond(request: ElicitationRequest, index: number): Promise<ElicitationReply> {
    const entryIndex = this.file.answers.findIndex(
      (entry, position) =>
        !this.used.has(position) && (entry.when === undefined || matchesWhen(entry.when, request)),
    );
    if (entryIndex !== -1) {
      this.used.add(entryIndex);
      return replyFromEntry(this.file.answers[entryIndex], `answers[${entryIndex}]`, request);
    }
    if (request.mode === 'url' && this.file.url) {
      return { answer: { action: this.file.url }, origin: 'url', warnings: [] };
    }
    let why = 'no answers entry is left';
    if (request.mode === 'form') {
      const filled = fillFromFields(request.questions, this.file.byField);
      if ('content' in filled) {
        const problems = checkFormContent(request.questions, filled.content).map(
          (problem) => `byField does not fit the form: ${problem}`,
        );
        const warnings = [...filled.warnings, ...problems];
        return { answer: { action: 'accept', content: filled.content }, origin: 'byField', warnings };
      }
      if (filled.missing.length > 0) why += ` and byField has no value for ${filled.missing.join(', ')}`;
    }
    const action = this.file.unanswered;
    return {
      answer: { action },
      origin: 'unanswered',
      warnings: [`question ${index} has no answer (${why}); sent ${action}`],
    };
  }
}

function matchesWhen(when: string, request: ElicitationRequest): boolean {
  const needle = when.trim().toLowerCase();
  if (request.message.toLowerCase().includes(needle)) return true;
  return (
    request.mode === 'form' && request.questions.some((question) => question.name.toLowerCase() === needle)
  );
}

function replyFromEntry(
  entry: ScriptedAnswer,
  origin: string,
  request: ElicitationRequest,
): ElicitationReply {
  if (entry.action !== 'accept' || request.mode === 'url') {
    const warnings = entry.content
      ? [`${origin}.content is ignored: only an accepted form carries content`]
      : [];
    return { answer: { action: entry.action }, origin, warnings };
  }
  const content = entry.content ?? {};
  const warnings = checkFormContent(request.questions, content).map(
    (problem) => `${origin} does not fit the form: ${problem}`,
  );
  return { answer: { action: 'accept', content }, origin, warnings };
}

/** Content for a form from `byField`, or the required fields it leaves without a value. */
function fillFromFields(
  questions: readonly FormQuestion[],
  byField: Record<string, unknown>,
): { content: Record<string, unknown>; warnings: string[] } | { missing: string[] } {
  const has = (name: string): boolean => Object.prototype.hasOwnProperty.call(byField, name);
  if (!questions.some((question) => has(question.name))) return { missing: [] };
  const content: Record<string, unknown> = {};
  const warnings: string[] = [];
  const missing: string[] = [];
  for (const question of questions) {
    if (has(question.name)) {
      const coerced = coerceFieldValue(question, byField[question.name]);
      content[question.name] = coerced.ok ? coerced.value : byField[question.name];
      if (!coerced.ok) warnings.push(`byField.${question.name}: ${coerced.problem}`);
    } else if (question.required) {
      if ('default' in question && question.default !== undefined) content[question.name] = question.default;
      else missing.push(question.name);
    }
  }
  return missing.length > 0 ? { missing } : { content, warnings };
}
