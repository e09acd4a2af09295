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

function youngGenerationUsed(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_used_size;
}

/**
 * Bytes still held in the young generation after turning 40,000 new numbers into text, dropping every
 * text, and one young collection: what survived it is what something still holds. Read in the young
 * generation, so the old generation's sweeping, which goes on in the background, does not move the figure.
 */
function keptBy(toText: (value: number) => string, first: number, collect: Collect): number {
  // Empties the young generation: what lived there before is promoted by the second collection.
  collect({ type: 'major' });
  collect({ type: 'minor' });
  collect({ type: 'minor' });
  let characters = 0;
  for (let value = first; value < first + 40_000; value++) characters += toText(value).length;
  collect({ type: 'minor' });
  expect(characters).toBeGreaterThan(0);
  return youngGenerationUsed();
}

describe('numberText', () => {
  it('writes what String writes for finite numbers, and null for the others', () => {
    const finite = [0, -0, 7, -42, 1.5, 0.1 + 0.2, 1e21, 1.7976931348623157e308, 5e-324, 2 ** 53 + 2, -1e-7];
    for (const value of finite) expect(numberText(value)).toBe(String(value));
    for (const value of [NaN, Infinity, -Infinity]) expect(numberText(value)).toBe('null');
  });

  it("does not keep its texts alive, where String's cache keeps thousands through young collections", () => {
    const collect = youngCollector();
    const viaString = (value: number) => String(value);
    // Warmed first, so compiling either loop adds nothing to what is measured.
    keptBy(viaString, 1, collect);
    keptBy(numberText, 1, collect);
    // Three tries each: a full collection that V8 starts by itself during a loop empties its cache.
    const tries = [1, 2, 3].map((attempt) => ({
      byString: keptBy(viaString, attempt * 10_000_000, collect),
      byNumberText: keptBy(numberText, attempt * 10_000_000 + 100_000_000, collect),
    }));
    const keptByString = Math.max(...tries.map((attempt) => attempt.byString));
    const keptByNumberText = Math.min(...tries.map((attempt) => attempt.byNumberText));
    // The control shows the measurement sees the cache: thousands of short strings of some 24 bytes each.
    // What else lives in the young generation, from earlier tests of the same worker, stays well below it.
    expect(keptByString).toBeGreaterThan(200_000);
    expect(keptByNumberText).toBeLessThan(keptByString / 4);
  });
});
