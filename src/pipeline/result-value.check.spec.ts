import { ResultValueError } from '../errors/result-value.error.js';
import { resultValueRefusal } from './result-value.check.js';

/** What the refusal says between "returned a value JSON cannot carry: " and the rule. */
function refusal(value: unknown): string | undefined {
  const error = resultValueRefusal(value, 'tool_x');
  if (error === undefined) return undefined;
  expect(error).toBeInstanceOf(ResultValueError);
  return /cannot carry: (.*)\. A tool result/.exec(error.message)![1];
}

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}

  length(): number {
    return Math.hypot(this.x, this.y);
  }
}

class Labelled extends Point {
  get label(): string {
    return `${this.x},${this.y}`;
  }
}

class LabelledChild extends Labelled {}

class Money {
  constructor(private readonly cents: bigint) {}

  toJSON(): unknown {
    return this.cents > 100n ? { cents: Number(this.cents) } : { cents: this.cents };
  }
}

describe('resultValueRefusal', () => {
  it('accepts JSON data, Dates, toJSON objects, boxed primitives, DTOs and null-prototype objects', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    for (const value of [
      'text',
      undefined,
      null,
      42,
      { nested: [{ a: [1, 'two', null, true] }], skipped: undefined },
      { at: new Date(0) },
      { price: new Money(500n) },
      { count: new Number(3), name: new String('n'), flag: new Boolean(false) },
      { point: new Point(3, 4) },
      bare,
      Buffer.from('hi'),
      [{ type: 'text', text: 'a content block' }],
    ])
      expect(refusal(value)).toBeUndefined();
  });

  it('refuses what JSON drops, nulls or cannot write, at its path', () => {
    expect(refusal(() => 1)).toBe('a function at $');
    expect(refusal({ a: { run() {} } })).toBe('a function at $.a.run');
    expect(refusal([Symbol('s')])).toBe('a symbol at $[0]');
    expect(refusal({ n: 1n })).toBe('a bigint at $.n');
    // A hole reads as undefined, as it does for JSON.
    expect(refusal({ list: new Array<number>(3).fill(1, 0, 1) })).toBe(
      'undefined, which JSON turns into null at $.list[1]',
    );
    expect(refusal({ r: Infinity })).toBe('Infinity, which JSON turns into null at $.r');
    expect(refusal({ 'odd key': { 'x-y': NaN } })).toBe(
      'NaN, which JSON turns into null at $["odd key"]["x-y"]',
    );
    expect(refusal({ when: new Date(Number.NaN) })).toBe(
      'an invalid Date, which JSON turns into null at $.when',
    );
  });

  it('refuses built-ins whose data JSON never sees, and getters on a class, inherited ones too', () => {
    const built = 'which JSON writes as a plain object of its own fields';
    expect(refusal({ m: new Map() })).toBe(`a Map, ${built} at $.m`);
    expect(refusal({ s: new Set([1]) })).toBe(`a Set, ${built} at $.s`);
    expect(refusal({ r: /x/ })).toBe(`a RegExp, ${built} at $.r`);
    expect(refusal({ e: new Error('e') })).toBe(`a Error, ${built} at $.e`);
    expect(refusal({ b: new Uint8Array(2) })).toBe(`a Uint8Array, ${built} at $.b`);
    expect(refusal({ p: Promise.resolve(1) })).toBe(`a Promise, ${built} at $.p`);
    expect(refusal(new Labelled(1, 2))).toBe('a Labelled whose getter "label" JSON leaves out at $');
    expect(refusal([new LabelledChild(1, 2)])).toBe(
      'a LabelledChild whose getter "label" JSON leaves out at $[0]',
    );
  });

  it('checks what toJSON returns, reported at the object that has it', () => {
    expect(refusal({ own: { run: 1, toJSON: () => 'as text' } })).toBeUndefined();
    // JSON never writes the fields of an object with toJSON, wherever toJSON sits among them.
    expect(refusal({ own: { run() {}, toJSON: () => 'as text' } })).toBeUndefined();
    expect(refusal({ own: { toJSON: () => [Symbol('s')] } })).toBe(
      'a symbol, in what its toJSON returned at $.own',
    );
    expect(refusal({ price: new Money(5n) })).toBe('a bigint, in what its toJSON returned at $.price');
  });

  it('names a circular reference and where it points back to', () => {
    const loop: Record<string, unknown> = { items: [] };
    (loop.items as unknown[]).push({ owner: loop });
    expect(refusal(loop)).toBe('a circular reference (back to $) at $.items[0].owner');
    const shared = { k: 1 };
    expect(refusal({ a: shared, b: shared, c: [shared, shared] })).toBeUndefined();
  });

  it('refuses nesting deeper than 512 levels rather than overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 600; level++) deep = [deep];
    expect(refusal(deep)).toMatch(/^a value nested deeper than 512 levels at \$(\[0\]){512}$/);
    let fine: unknown = 'leaf';
    for (let level = 0; level < 500; level++) fine = { k: fine };
    expect(refusal(fine)).toBeUndefined();
  });

  it('names the tool in its message', () => {
    expect(resultValueRefusal({ m: new Map() }, 'list_items')?.message).toMatch(
      /^list_items returned a value JSON cannot carry: a Map/,
    );
  });
});
