import type { FormChoice, FormQuestion } from './form-question.types.js';

export type CoercedValue = { ok: true; value: unknown } | { ok: false; problem: string };

const TRUE_WORDS = ['true', 'yes', 'y', 'on', '1'];
const FALSE_WORDS = ['false', 'no', 'n', 'off', '0'];

/**
 * Loosely converts a value written by hand (an answers file's `byField`) to the
 * field's type: `"42"` for a number, `"yes"` for a boolean, an option's title for
 * its value, one string for a one-item multi-select. The result is not range-checked.
 */
export function coerceFieldValue(question: FormQuestion, raw: unknown): CoercedValue {
  switch (question.kind) {
    case 'text':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number' || typeof raw === 'boolean') return { ok: true, value: String(raw) };
      return { ok: false, problem: 'expected text' };
    case 'number': {
      const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value };
      return { ok: false, problem: `expected a number, got ${JSON.stringify(raw)}` };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const word = String(raw).trim().toLowerCase();
      if (TRUE_WORDS.includes(word)) return { ok: true, value: true };
      if (FALSE_WORDS.includes(word)) return { ok: true, value: false };
      return { ok: false, problem: `expected true or false, got ${JSON.stringify(raw)}` };
    }
    case 'select': {
      const value = matchChoice(question.choices, raw);
      return value === undefined
        ? { ok: false, problem: `no option matches ${JSON.stringify(raw)}` }
        : { ok: true, value };
    }
    case 'multiselect': {
      const items = Array.isArray(raw) ? raw : [raw];
      const values = items.map((item) => matchChoice(question.choices, item));
      const missing = items.filter((_, index) => values[index] === undefined);
      if (missing.length > 0)
        return {
          ok: false,
          problem: `no option matches ${missing.map((item) => JSON.stringify(item)).join(', ')}`,
        };
      return { ok: true, value: values };
    }
    case 'unsupported':
      return { ok: true, value: raw };
  }
}

/** An exact value first, then a case-insensitive match on value or label. */
function matchChoice(choices: readonly FormChoice[], raw: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const text = String(raw);
  const exact = choices.find((choice) => choice.value === text);
  if (exact) return exact.value;
  const lower = text.trim().toLowerCase();
  return choices.find(
    (choice) => choice.value.toLowerCase() === lower || choice.label.toLowerCase() === lower,
  )?.value;
}
