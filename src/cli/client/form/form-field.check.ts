import type {
  FormQuestion,
  MultiSelectQuestion,
  NumberQuestion,
  TextFormat,
  TextQuestion,
} from './form-question.types.js';
import { isAbsoluteUri, isCalendarDate, isDateTime, isEmail } from '../../../shared/string-formats.js';

const FORMAT_CHECKS: Record<TextFormat, { test(value: string): boolean; hint: string }> = {
  email: { test: isEmail, hint: 'an email address like name@example.com' },
  uri: { test: isAbsoluteUri, hint: 'a full URI like https://example.com/page' },
  date: { test: isCalendarDate, hint: 'a date as YYYY-MM-DD' },
  'date-time': { test: isDateTime, hint: 'a date and time like 2026-07-28T14:30:00Z' },
};

/** An error message for a typed-in text answer, or undefined when it is fine. Blank means "no answer". */
export function checkText(question: TextQuestion, value: string): string | undefined {
  if (value === '') return question.required ? 'This field is required' : undefined;
  const length = [...value].length;
  if (question.minLength !== undefined && length < question.minLength)
    return `Enter at least ${question.minLength} characters`;
  if (question.maxLength !== undefined && length > question.maxLength)
    return `Enter at most ${question.maxLength} characters`;
  const format = question.format ? FORMAT_CHECKS[question.format] : undefined;
  if (format && !format.test(value)) return `Enter ${format.hint}`;
  return undefined;
}

export function checkNumber(question: NumberQuestion, value: number | undefined): string | undefined {
  if (value === undefined || Number.isNaN(value))
    return question.required ? 'This field is required' : undefined;
  if (!Number.isFinite(value)) return 'Enter a finite number';
  if (question.integer && !Number.isInteger(value)) return 'Enter a whole number';
  if (question.minimum !== undefined && value < question.minimum) return `Enter ${question.minimum} or more`;
  if (question.maximum !== undefined && value > question.maximum) return `Enter ${question.maximum} or less`;
  return undefined;
}

export function checkSelection(question: MultiSelectQuestion, values: readonly string[]): string | undefined {
  if (question.minItems !== undefined && values.length < question.minItems)
    return `Pick at least ${question.minItems}`;
  if (question.maxItems !== undefined && values.length > question.maxItems)
    return `Pick at most ${question.maxItems}`;
  return undefined;
}

/** Checks a whole `content` object against the form; one `field: problem` line per problem. */
export function checkFormContent(
  questions: readonly FormQuestion[],
  content: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  const known = new Set(questions.map((question) => question.name));
  for (const question of questions) {
    const value = content[question.name];
    const problem =
      value === undefined
        ? question.required
          ? 'This field is required'
          : undefined
        : checkValue(question, value);
    if (problem) problems.push(`${question.name}: ${problem}`);
  }
  for (const key of Object.keys(content))
    if (!known.has(key)) problems.push(`${key}: not a field of this form`);
  return problems;
}

function checkValue(question: FormQuestion, value: unknown): string | undefined {
  switch (question.kind) {
    case 'text':
      return typeof value === 'string' ? checkText(question, value) : 'Expected a string';
    case 'number':
      return typeof value === 'number' ? checkNumber(question, value) : 'Expected a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'Expected true or false';
    case 'select':
      return question.choices.some((choice) => choice.value === value)
        ? undefined
        : `Expected one of ${listValues(question)}`;
    case 'multiselect': {
      if (!Array.isArray(value)) return 'Expected a list';
      const unknown = value.filter((item) => !question.choices.some((choice) => choice.value === item));
      if (unknown.length > 0) return `Expected only ${listValues(question)}`;
      return checkSelection(question, value as string[]);
    }
    case 'unsupported':
      return undefined;
  }
}

function listValues(question: { choices: ReadonlyArray<{ value: string }> }): string {
  return question.choices.map((choice) => JSON.stringify(choice.value)).join(', ');
}
