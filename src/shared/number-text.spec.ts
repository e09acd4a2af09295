import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from '@jest/globals';
import { numberText } from './number-text.js';

type Collect = (options?: { type: 'minor' | 'major' }) => void;

/** V8's collector, exposed after start-up: the flag holds for contexts made from then on. */
function youngCollector(): Collect {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Collect;
}

function oldSpaceUsed(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
}

/** Bytes left in the old generation after turning `count` new numbers into text and dropping every text. */
function promotedBy(toText: (value: number) => string, first: number, collect: Collect): number {
  // A full collection first, so none falls in the measurement (it would also empty V8's cache), then two young
  // ones, which leave the old generation as it is.
  collect({ type: 'major' });
  collect({ type: 'minor' });
  collect({ type: 'minor' });
  const before = oldSpaceUsed();
  let characters = 0;
  for (let value = first; value < first + 40_000; value++) characters += toText(value).length;
  collect({ type: 'minor' });
  collect({ type: 'minor' });
  expect(characters).toBeGreaterThan(0);
  return oldSpaceUsed() - before;
}

describe('numberText', () => {
  it('writes what String writes for finite numbers, and null for the others', () => {
    const finite = [0, -0, 7, -42, 1.5, 0.1 + 0.2, 1e21, 1.7976931348623157e308, 5e-324, 2 ** 53 + 2, -1e-7];
    for (const value of finite) expect(numberText(value)).toBe(String(value));
    for (const value of [NaN, Infinity, -Infinity]) expect(numberText(value)).toBe('null');
  });

  it("keeps none of its texts alive, where String's cache keeps thousands through young collections", () => {
    const collect = youngCollector();
    const viaString = (value: number) => String(value);
    // Warmed first, so compiling either loop adds nothing to what is measured.
    promotedBy(viaString, 1, collect);
    promotedBy(numberText, 1, collect);
    const keptByString = promotedBy(viaString, 10_000_000, collect);
    const keptByNumberText = promotedBy(numberText, 20_000_000, collect);
    // The control shows the measurement sees the cache: thousands of short strings of some 24 bytes each.
    expect(keptByString).toBeGreaterThan(40_000);
    expect(keptByNumberText).toBeLessThan(keptByString / 20);
  });
});
