import { describe, expect, it } from '@jest/globals';
import { mergeDeclarationOrder } from './declaration-order.js';

describe('mergeDeclarationOrder', () => {
  it('keeps the order every list agrees on', () => {
    expect(
      mergeDeclarationOrder([
        ['a', 'c'],
        ['b', 'c', 'd'],
      ]),
    ).toStrictEqual(['a', 'b', 'c', 'd']);
    expect(mergeDeclarationOrder([['a', 'b', 'c'], ['b'], ['c', 'd']])).toStrictEqual(['a', 'b', 'c', 'd']);
  });

  it('places a name only a later list knows as late as that list allows', () => {
    expect(
      mergeDeclarationOrder([
        ['name', 'age'],
        ['email', 'age'],
      ]),
    ).toStrictEqual(['name', 'email', 'age']);
  });

  it('drops repeats, keeping the first position', () => {
    expect(mergeDeclarationOrder([['a', 'b', 'a', 'c']])).toStrictEqual(['a', 'b', 'c']);
  });
});
