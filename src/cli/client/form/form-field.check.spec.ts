import { checkFormContent, checkNumber, checkSelection, checkText } from './form-field.check.js';
import type {
  FormQuestion,
  MultiSelectQuestion,
  NumberQuestion,
  TextQuestion,
} from './form-question.types.js';

const text = (extra: Partial<TextQuestion> = {}): TextQuestion => ({
  kind: 'text',
  name: 't',
  label: 't',
  required: true,
  ...extra,
});
const number = (extra: Partial<NumberQuestion> = {}): NumberQuestion => ({
  kind: 'number',
  name: 'n',
  label: 'n',
  required: true,
  integer: false,
  ...extra,
});

describe('checkText', () => {
  it('treats blank as no answer', () => {
    expect(checkText(text(), '')).toBe('This field is required');
    expect(checkText(text({ required: false }), '')).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkText(text({ minLength: 2 }), 'é')).toBe('Enter at least 2 characters');
    expect(checkText(text({ maxLength: 1 }), '😀')).toBeUndefined();
    expect(checkText(text({ maxLength: 1 }), 'ab')).toBe('Enter at most 1 characters');
  });

  it.each([
    ['email', 'ada@example.com', 'ada@example'],
    ['uri', 'https://example.com/x?y=1', 'example.com'],
    ['uri', 'mailto:ada@example.com', 'not a uri'],
    ['date', '2024-02-29', '2023-02-29'],
    ['date', '2026-07-28', '28/07/2026'],
    ['date-time', '2026-07-28T14:30:00Z', '2026-07-28 14:30'],
    ['date-time', '2026-07-28T14:30:00.25+02:00', '2026-07-28T24:30:00Z'],
  ] as const)('checks the %s format (%s passes, %s fails)', (format, good, bad) => {
    expect(checkText(text({ format }), good)).toBeUndefined();
    expect(checkText(text({ format }), bad)).toMatch(/^Enter /);
  });
});

describe('checkNumber', () => {
  it('checks integers and bounds', () => {
    expect(checkNumber(number({ integer: true }), 1.5)).toBe('Enter a whole number');
    expect(checkNumber(number({ minimum: 1 }), 0)).toBe('Enter 1 or more');
    expect(checkNumber(number({ maximum: 10 }), 11)).toBe('Enter 10 or less');
    expect(checkNumber(number({ minimum: 1, maximum: 10 }), 10)).toBeUndefined();
  });

  it('treats a missing number as no answer', () => {
    expect(checkNumber(number(), undefined)).toBe('This field is required');
    expect(checkNumber(number({ required: false }), undefined)).toBeUndefined();
  });
});

describe('checkSelection', () => {
  const colours: MultiSelectQuestion = {
    kind: 'multiselect',
    name: 'c',
    label: 'c',
    required: true,
    choices: [],
    minItems: 1,
    maxItems: 2,
  };

  it('checks minItems and maxItems', () => {
    expect(checkSelection(colours, [])).toBe('Pick at least 1');
    expect(checkSelection(colours, ['a', 'b', 'c'])).toBe('Pick at most 2');
    expect(checkSelection(colours, ['a'])).toBeUndefined();
  });
});

describe('checkFormContent', () => {
  const questions: FormQuestion[] = [
    text({ name: 'name', format: 'email' }),
    number({ name: 'age', integer: true, required: false }),
    { kind: 'boolean', name: 'ok', label: 'ok', required: false },
    {
      kind: 'select',
      name: 'size',
      label: 'size',
      required: false,
      choices: [{ value: 's', label: 'Small' }],
    },
    {
      kind: 'multiselect',
      name: 'tags',
      label: 'tags',
      required: false,
      choices: [{ value: 'a', label: 'A' }],
      maxItems: 1,
    },
  ];

  it('accepts valid content', () => {
    expect(
      checkFormContent(questions, { name: 'a@b.co', age: 3, ok: false, size: 's', tags: ['a'] }),
    ).toStrictEqual([]);
  });

  it('lists every problem with its field', () => {
    expect(
      checkFormContent(questions, { age: 'x', ok: 'yes', size: 'Small', tags: ['a', 'b'], extra: 1 }),
    ).toStrictEqual([
      'name: This field is required',
      'age: Expected a number',
      'ok: Expected true or false',
      'size: Expected one of "s"',
      'tags: Expected only "a"',
      'extra: not a field of this form',
    ]);
  });
});
