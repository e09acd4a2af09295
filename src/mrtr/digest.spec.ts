import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { DIGEST_LENGTH, digestOf } from './digest.js';

const sha256Prefix = (text: string) =>
  createHash('sha256').update(text).digest('base64url').slice(0, DIGEST_LENGTH);

describe('digestOf', () => {
  it('is sha256 of the JSON text, base64url, cut to 22 characters', () => {
    const value = { a: 1, b: ['x', true, null], c: { d: 'é' } };
    expect(digestOf(value)).toBe(sha256Prefix(JSON.stringify(value)));
    expect(digestOf(value)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('ignores key order at every depth', () => {
    const one = { b: 1, a: { y: [1, { q: 1, p: 2 }], x: 2 } };
    const two = { a: { x: 2, y: [1, { p: 2, q: 1 }] }, b: 1 };
    expect(digestOf(one)).toBe(digestOf(two));
    expect(digestOf(one)).toBe(sha256Prefix('{"a":{"x":2,"y":[1,{"p":2,"q":1}]},"b":1}'));
  });

  it('drops undefined (and functions) from objects and writes null for them in arrays, like JSON', () => {
    expect(digestOf({ a: 1, gone: undefined, fn: () => 1 })).toBe(digestOf({ a: 1 }));
    expect(digestOf([1, undefined, 3])).toBe(digestOf([1, null, 3]));
    expect(digestOf(undefined)).toBe(digestOf(null));
  });

  it('keeps array order and value types apart', () => {
    expect(digestOf([1, 2])).not.toBe(digestOf([2, 1]));
    expect(digestOf({ a: 1 })).not.toBe(digestOf({ a: '1' }));
    const distinct = [null, {}, [], '', 0, false, 'null', { a: null }].map(digestOf);
    expect(new Set(distinct).size).toBe(distinct.length);
  });

  it('follows JSON for special values: toJSON is used, non-finite numbers become null', () => {
    const when = new Date(Date.UTC(2026, 6, 28));
    expect(digestOf({ when })).toBe(digestOf({ when: when.toISOString() }));
    expect(digestOf([Number.NaN, Number.POSITIVE_INFINITY])).toBe(digestOf([null, null]));
    expect(digestOf({ n: -0 })).toBe(digestOf({ n: 0 }));
  });

  it('escapes keys and strings exactly as JSON does, so look-alike texts differ', () => {
    expect(digestOf({ 'a":"b': 1 })).not.toBe(digestOf({ a: 'b' }));
    expect(digestOf(['a,b'])).not.toBe(digestOf(['a', 'b']));
    const tricky = [
      'quote"',
      'back\\slash',
      'new\nline',
      '\u0000\u001f',
      'lone \ud800 surrogate',
      'emoji 🚀',
      'é',
    ];
    for (const text of tricky) {
      expect(digestOf({ [text]: text })).toBe(sha256Prefix(JSON.stringify({ [text]: text })));
    }
  });

  it('accepts a shared (non-cyclic) reference and refuses a cycle or a bigint', () => {
    const shared = { x: 1 };
    expect(digestOf({ a: shared, b: shared })).toBe(digestOf({ a: { x: 1 }, b: { x: 1 } }));
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => digestOf(cyclic)).toThrow(/cyclic/);
    expect(() => digestOf({ big: 1n })).toThrow(TypeError);
    const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : { inner: nest(levels - 1) });
    expect(digestOf(nest(500))).toHaveLength(22);
    expect(() => digestOf(nest(600))).toThrow(/deeper than 512/);
  });
});

describe('digestOf, remembered digests', () => {
  it('gives a repeated value the digest it computes fresh, whichever spelling came first', () => {
    const first = { b: [1, 2], a: 'x' };
    const reordered = { a: 'x', b: [1, 2] };
    const expected = sha256Prefix('{"a":"x","b":[1,2]}');
    expect(digestOf(first)).toBe(expected);
    expect(digestOf(first)).toBe(expected);
    expect(digestOf(reordered)).toBe(expected);
  });

  it('treats boxed primitives as JSON does, so equal JSON text always means the same digest', () => {
    const boxed = { s: new String('a'), n: new Number(2), b: new Boolean(true) };
    expect(digestOf(boxed)).toBe(sha256Prefix('{"b":true,"n":2,"s":"a"}'));
    expect(digestOf({ s: 'a', n: 2, b: true })).toBe(digestOf(boxed));
  });

  it('stays exact for values too long to remember and after many distinct values', () => {
    const long = { text: 'y'.repeat(5_000) };
    expect(digestOf(long)).toBe(sha256Prefix(JSON.stringify(long)));
    for (let index = 0; index < 5_000; index++) digestOf({ index });
    expect(digestOf({ index: 3 })).toBe(sha256Prefix('{"index":3}'));
    expect(digestOf({ index: 4_999 })).toBe(sha256Prefix('{"index":4999}'));
  });

  it('still refuses a cycle or a bigint it cannot remember', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => digestOf(cyclic)).toThrow(/cyclic/);
    expect(() => digestOf(cyclic)).toThrow(/cyclic/);
    expect(() => digestOf([1n])).toThrow(TypeError);
  });
});

describe('digestOf and toJSON', () => {
  it('passes toJSON the property name, as JSON.stringify does', () => {
    const named = { toJSON: (key: string) => `at ${key}` };
    expect(digestOf({ b: named, a: [named] })).toBe(sha256Prefix('{"a":["at 0"],"b":"at b"}'));
    expect(digestOf(named)).toBe(sha256Prefix('"at "'));
  });
});
