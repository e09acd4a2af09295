import { ReplayValueError } from '../errors/replay-value.error.js';
import { decodeReplayValue, encodeReplayValue } from './replay-value.codec.js';

function refusal(value: unknown): string {
  try {
    encodeReplayValue(value, 'ctx.memo("k")');
  } catch (error) {
    expect(error).toBeInstanceOf(ReplayValueError);
    return /^ctx\.memo\("k"\) returned (.*)\. Values carried/.exec((error as Error).message)![1]!;
  }
  throw new Error('not refused');
}

describe('memo values', () => {
  it('come back as they were, Dates included, as fresh copies', () => {
    const value = {
      at: new Date(Date.UTC(2026, 0, 2)),
      list: [1, 'two', null, { ok: true }],
      gone: undefined,
    };
    const decoded = decodeReplayValue(
      JSON.parse(JSON.stringify(encodeReplayValue(value, 'memo'))),
    ) as typeof value;
    expect(decoded).toStrictEqual({ at: value.at, list: value.list });
    expect(decoded.at).toBeInstanceOf(Date);
    expect(decodeReplayValue(encodeReplayValue(undefined, 'memo'))).toBeUndefined();
  });

  it('are refused, with the path, when JSON would change them', () => {
    expect(refusal({ chosen: new Map() })).toBe('a Map, which comes back as a plain object at value.chosen');
    expect(refusal({ total: 10n })).toBe('a bigint at value.total');
    expect(refusal([1, undefined])).toBe('undefined, which JSON turns into null at value[1]');
    expect(refusal({ 'odd key': NaN })).toBe('NaN, which JSON turns into null at value["odd key"]');
    // A toJSON does not make a value come back as it was.
    expect(refusal({ own: { toJSON: () => 'x' } })).toBe('a function at value.own.toJSON');
    expect(refusal({ at: new Date(Number.NaN) })).toBe(
      'an invalid Date, which JSON turns into null at value.at',
    );
    expect(refusal({ nested: { '~date': 'x' } })).toBe(
      'an object whose only key is "~date", which is reserved at value.nested',
    );
  });

  it('name a circular reference as such, apart from plain depth', () => {
    const loop: Record<string, unknown> = {};
    loop.self = { back: loop };
    expect(refusal(loop)).toBe('a circular reference (back to value) at value.self.back');
    let deep: unknown = 1;
    for (let level = 0; level < 70; level++) deep = [deep];
    expect(refusal(deep)).toMatch(/^a value nested deeper than 64 levels at value(\[0\]){64}$/);
  });
});
