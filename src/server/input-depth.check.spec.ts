import { describe, expect, it } from '@jest/globals';
import { MAX_INPUT_DEPTH, checkInputDepth } from './input-depth.check.js';

function nested(levels: number, asArray = false): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = asArray ? [value] : { v: value };
  return value;
}

describe('checkInputDepth', () => {
  it('accepts values up to the documented depth, objects and arrays alike', () => {
    expect(MAX_INPUT_DEPTH).toBe(64);
    expect(() => checkInputDepth(nested(64), 'arguments')).not.toThrow();
    expect(() => checkInputDepth(nested(64, true), 'arguments')).not.toThrow();
    expect(() => checkInputDepth(undefined, 'inputResponses')).not.toThrow();
    expect(() => checkInputDepth('text', 'arguments')).not.toThrow();
  });

  it('refuses one level more with -32602, naming the field', () => {
    expect(() => checkInputDepth(nested(65), 'arguments')).toThrow(
      'arguments is nested deeper than 64 levels',
    );
    let thrown: unknown;
    try {
      checkInputDepth(nested(65, true), 'inputResponses');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      rpcCode: -32602,
      data: { reason: 'too_deep', field: 'inputResponses', maxDepth: 64 },
    });
  });

  it('finds a deep branch beside shallow ones, and survives far deeper input than the stack would', () => {
    expect(() => checkInputDepth({ a: 1, b: [1, 2], c: nested(70) }, 'arguments')).toThrow(/deeper than 64/);
    expect(() => checkInputDepth(nested(100_000, true), 'arguments')).toThrow(/deeper than 64/);
  });
});
