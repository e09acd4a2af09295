import type { FieldSpec, StringFormat } from './form-schema.js';
import { isEmpty } from './form-values.js';

type Raw = string | boolean | string[];

const FORMAT_CHECKS: Record<StringFormat, { test(value: string): boolean; message: string }> = {
  email: {
    test: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
    message: 'Enter an email address, like name@example.com.',
  },
  uri: {
    test: (value) => URL.canParse(value),
    message: 'Enter a full web address, like https://example.com.',
  },
  date: { test: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value), message: 'Enter a date.' },
  'date-time': {
    test: (value) => !Number.isNaN(new Date(value).getTime()),
    message: 'Enter a date and a time.',
  },
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function textError(spec: Extract<FieldSpec, { kind: 'text' }>, value: string): string | undefined {
  if (spec.minLength !== undefined && value.length < spec.minLength)
    return `Enter at least ${plural(spec.minLength, 'character')}.`;
  if (spec.maxLength !== undefined && value.length > spec.maxLength)
    return `Enter at most ${plural(spec.maxLength, 'character')}.`;
  if (spec.format && !FORMAT_CHECKS[spec.format].test(value)) return FORMAT_CHECKS[spec.format].message;
  const pattern = spec.pattern === undefined ? undefined : compiled(spec.pattern);
  if (pattern && !pattern.test(value)) return 'This value is not in the expected form.';
  return undefined;
}

/** The schema's pattern as a unicode RegExp; a pattern the browser cannot compile is left to the server. */
function compiled(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

function numberError(spec: Extract<FieldSpec, { kind: 'number' }>, raw: string): string | undefined {
  const value = Number(raw);
  if (!Number.isFinite(value)) return 'Enter a number.';
  if (spec.integer && !Number.isInteger(value)) return 'Enter a whole number.';
  if (spec.minimum !== undefined && value < spec.minimum) return `Enter ${spec.minimum} or more.`;
  if (spec.maximum !== undefined && value > spec.maximum) return `Enter ${spec.maximum} or less.`;
  return undefined;
}

function choicesError(
  spec: Extract<FieldSpec, { kind: 'multiselect' }>,
  values: string[],
): string | undefined {
  if (spec.minItems !== undefined && values.length < spec.minItems)
    return `Choose at least ${spec.minItems}.`;
  if (spec.maxItems !== undefined && values.length > spec.maxItems) return `Choose at most ${spec.maxItems}.`;
  return undefined;
}

/**
 * What is wrong with one field's value, from the schema's own keywords, or undefined when nothing is.
 * The server checks again and re-asks with its own message when it disagrees.
 */
export function fieldError(spec: FieldSpec, raw: Raw): string | undefined {
  if (isEmpty(raw)) return spec.required ? `${spec.label} is required.` : undefined;
  switch (spec.kind) {
    case 'text':
      return textError(spec, raw as string);
    case 'number':
      return numberError(spec, raw as string);
    case 'multiselect':
      return choicesError(spec, raw as string[]);
    default:
      return undefined;
  }
}
