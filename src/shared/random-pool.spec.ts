import { describe, expect, it } from '@jest/globals';
import { poolRandomBytes, randomId } from './random-pool.js';

describe('random pool', () => {
  it('hands out ids of the asked size, never twice, across refills of the pool', () => {
    const ids = new Set<string>();
    for (let index = 0; index < 2_000; index++) ids.add(randomId());
    expect(ids.size).toBe(2_000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomId(12)).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('gives each caller its own copy, which a later refill does not change', () => {
    const first = poolRandomBytes(12);
    const copy = Buffer.from(first);
    for (let index = 0; index < 1_000; index++) poolRandomBytes(12);
    expect(first).toEqual(copy);
    expect(first.buffer).not.toBe(poolRandomBytes(12).buffer);
  });

  it('refuses a draw larger than the pool', () => {
    expect(() => poolRandomBytes(5_000)).toThrow(RangeError);
  });
});
