import { describe, expect, it } from '@jest/globals';
import { checkJsonValue } from './json-value.check.js';

describe('checkJsonValue', () => {
  it('checks types, integer included', () => {
    expect(checkJsonValue({ type: 'integer' }, 2.5, 'n')).toStrictEqual([
      { path: 'n', rule: 'type', message: 'n must be an integer' },
    ]);
    expect(checkJsonValue({ type: 'number' }, Number.NaN, 'n')).toStrictEqual([
      { path: 'n', rule: 'type', message: 'n must be a number' },
    ]);
    expect(checkJsonValue({ type: 'boolean' }, 'true', 'b')).toStrictEqual([
      { path: 'b', rule: 'type', message: 'b must be a boolean' },
    ]);
    expect(checkJsonValue({ type: 'object' }, [])).toStrictEqual([
      { path: '', rule: 'type', message: 'value must be an object' },
    ]);
    expect(checkJsonValue({ type: 'integer' }, 3)).toStrictEqual([]);
  });

  it('checks bounds and lengths (in characters, not UTF-16 units)', () => {
    expect(checkJsonValue({ type: 'string', minLength: 2, maxLength: 3 }, '😀😀')).toStrictEqual([]);
    expect(checkJsonValue({ type: 'string', maxLength: 3 }, 'abcd', 's')).toStrictEqual([
      { path: 's', rule: 'maxLength', message: 's must be shorter than or equal to 3 characters' },
    ]);
    expect(checkJsonValue({ type: 'number', minimum: 1, maximum: 2 }, 0, 'x')).toStrictEqual([
      { path: 'x', rule: 'minimum', message: 'x must not be less than 1' },
    ]);
    expect(checkJsonValue({ type: 'number', exclusiveMinimum: 0 }, 0, 'x')).toStrictEqual([
      { path: 'x', rule: 'exclusiveMinimum', message: 'x must be greater than 0' },
    ]);
  });

  it.each([
    ['email', 'ada@example.com', 'ada@example'],
    ['uri', 'https://example.com/a?b=c', 'example.com'],
    ['date', '2024-02-29', '2023-02-29'],
    ['date-time', '2024-05-01T10:20:30.5+02:00', '2024-05-01 10:20:30'],
    ['uuid', '123e4567-e89b-12d3-a456-426614174000', '123e4567'],
  ])('checks format %s', (format, good, bad) => {
    expect(checkJsonValue({ type: 'string', format }, good)).toStrictEqual([]);
    expect(checkJsonValue({ type: 'string', format }, bad, 'f')).toStrictEqual([
      { path: 'f', rule: 'format', message: `f must be a valid ${format}` },
    ]);
  });

  it('checks patterns and enums of every shape', () => {
    expect(checkJsonValue({ type: 'string', pattern: '^\\d+$' }, 'x1', 'p')).toStrictEqual([
      { path: 'p', rule: 'pattern', message: 'p must match the pattern ^\\d+$' },
    ]);
    expect(checkJsonValue({ type: 'string', oneOf: [{ const: 'a', title: 'A' }] }, 'b', 'o')).toStrictEqual([
      { path: 'o', rule: 'enum', message: 'o must be one of: a' },
    ]);
    const titledMulti = {
      type: 'array' as const,
      maxItems: 1,
      items: { anyOf: [{ const: 'a', title: 'A' }] },
    };
    expect(checkJsonValue(titledMulti, ['a', 'z'], 'm')).toStrictEqual([
      { path: 'm', rule: 'maxItems', message: 'm must contain no more than 1 elements' },
      { path: 'm[1]', rule: 'enum', message: 'm[1] must be one of: a' },
    ]);
    expect(
      checkJsonValue({ type: 'array', uniqueItems: true, items: { type: 'string' } }, ['a', 'a'], 'u'),
    ).toStrictEqual([{ path: 'u', rule: 'uniqueItems', message: 'u must not contain duplicates' }]);
  });

  it('checks objects: required (null counts as absent), nested paths, unknown keys when refused', () => {
    const schema = {
      type: 'object' as const,
      properties: {
        name: { type: 'string' as const },
        address: {
          type: 'object' as const,
          properties: { city: { type: 'string' as const } },
          required: ['city'],
          additionalProperties: false,
        },
      },
      required: ['name'],
    };
    expect(checkJsonValue(schema, { name: null, address: { city: 3, extra: true }, other: 1 })).toStrictEqual(
      [
        { path: 'name', rule: 'required', message: 'name is required' },
        { path: 'address.city', rule: 'type', message: 'address.city must be a string' },
        {
          path: 'address.extra',
          rule: 'additionalProperties',
          message: 'address.extra is not an allowed property',
        },
      ],
    );
  });
});
