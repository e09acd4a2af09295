import { describeFormQuestion } from './form-question.formatter.js';
import type { FormQuestion } from './form-question.types.js';
import { choices } from './form-question.spec-helper.js';

describe('describeFormQuestion', () => {
  it.each<[FormQuestion, string]>([
    [
      { kind: 'text', name: 'email', label: 'Email', required: true, format: 'email', maxLength: 80 },
      'email "Email": text (email), <= 80 chars, required',
    ],
    [
      { kind: 'number', name: 'age', label: 'age', required: false, integer: true, minimum: 0, maximum: 150 },
      'age: integer 0..150, optional',
    ],
    [{ kind: 'number', name: 'tip', label: 'tip', required: true, integer: false }, 'tip: number, required'],
    [{ kind: 'boolean', name: 'ok', label: 'ok', required: true }, 'ok: yes/no, required'],
    [
      {
        kind: 'select',
        name: 'c',
        label: 'c',
        required: true,
        choices: choices({ r: 'Red', g: 'Green' }),
      },
      'c: one of Red | Green, required',
    ],
    [
      {
        kind: 'multiselect',
        name: 'c',
        label: 'c',
        required: false,
        choices: choices({ r: 'Red' }),
        minItems: 1,
      },
      'c: any of Red, >= 1 items, optional',
    ],
    [
      { kind: 'unsupported', name: 'x', label: 'x', required: false, reason: 'an array without enum items' },
      'x: unsupported: an array without enum items, optional',
    ],
  ])('describes %j', (question, text) => {
    expect(describeFormQuestion(question)).toBe(text);
  });
});
