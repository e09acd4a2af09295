import type { FieldSpec } from './form-schema.js';

/** A value the answer may carry, as `elicitor_answer` takes it. */
export type AnswerValue = string | number | boolean | string[];

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO date-time as a `datetime-local` input shows it, in the browser's time zone. */
export function toDateTimeLocal(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether a control holds nothing: no text, or no choice ticked. A checkbox always holds a value. */
export function isEmpty(raw: string | boolean | string[]): boolean {
  if (typeof raw === 'boolean') return false;
  return Array.isArray(raw) ? raw.length === 0 : raw.trim() === '';
}

/**
 * The answer's value for one field, or undefined when the field is left empty (the key is then left out).
 * A `datetime-local` value is local time: it goes back as an ISO date-time in UTC.
 */
export function answerValue(spec: FieldSpec, raw: string | boolean | string[]): AnswerValue | undefined {
  if (typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw.length > 0 ? raw : undefined;
  if (raw.trim() === '') return undefined;
  if (spec.kind === 'number') return Number(raw);
  if (spec.kind === 'text' && spec.format === 'date-time') return new Date(raw).toISOString();
  return raw;
}
