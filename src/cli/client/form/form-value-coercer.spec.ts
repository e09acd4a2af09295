import type { FormQuestion } from './form-question.types.js';
import { coerceFieldValue } from './form-value-coercer.js';

const base = { name: 'f', label: 'f', required: true };
const choices = [
  { value: '#f00', label: 'Red' },
  { value: '#0f0', label: 'Green' },
];

describe('coerceFieldValue', () => {
  it.each<[FormQuestion, unknown, unknown]>([
    [{ kind: 'text', ...base }, 'Ada', 'Ada'],
    [{ kind: 'text', ...base }, 42, '42'],
    [{ kind: 'number', ...base, integer: true }, '42', 42],
    [{ kind: 'number', ...base, integer: false }, 2.5, 2.5],
    [{ kind: 'boolean', ...base }, 'yes', true],
    [{ kind: 'boolean', ...base }, 'No', false],
    [{ kind: 'boolean', ...base }, false, false],
    [{ kind: 'select', ...base, choices }, '#0f0', '#0f0'],
    [{ kind: 'select', ...base, choices }, 'red', '#f00'],
    [{ kind: 'multiselect', ...base, choices }, ['Green', '#f00'], ['#0f0', '#f00']],
    [{ kind: 'multiselect', ...base, choices }, 'green', ['#0f0']],
  ])('turns %j + %j into %j', (question, raw, value) => {
    expect(coerceFieldValue(question, raw)).toStrictEqual({ ok: true, value });
  });

  it.each<[FormQuestion, unknown, string]>([
    [{ kind: 'text', ...base }, { a: 1 }, 'expected text'],
    [{ kind: 'number', ...base, integer: false }, 'many', 'expected a number, got "many"'],
    [{ kind: 'number', ...base, integer: false }, '', 'expected a number, got ""'],
    [{ kind: 'boolean', ...base }, 'maybe', 'expected true or false, got "maybe"'],
    [{ kind: 'select', ...base, choices }, 'blue', 'no option matches "blue"'],
    [{ kind: 'multiselect', ...base, choices }, ['red', 'blue'], 'no option matches "blue"'],
  ])('rejects %j + %j', (question, raw, problem) => {
    expect(coerceFieldValue(question, raw)).toStrictEqual({ ok: false, problem });
  });
});
