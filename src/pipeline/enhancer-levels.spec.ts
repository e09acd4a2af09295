import { handlerLevels, narrowestFirst, widestFirst } from './enhancer-levels.js';

describe('enhancer levels', () => {
  const levels = { global: ['g1', 'g2'], module: ['m'], class: ['c'], method: ['x1', 'x2'] };

  it('order guards widest first, each level as declared', () => {
    expect(widestFirst(levels)).toStrictEqual(['g1', 'g2', 'm', 'c', 'x1', 'x2']);
  });

  it('order filters narrowest first, each level as declared', () => {
    expect(narrowestFirst(levels)).toStrictEqual(['x1', 'x2', 'c', 'm', 'g1', 'g2']);
  });

  it('leave out a level nobody declared', () => {
    const handler = handlerLevels(['g'], { class: ['c'], method: [] });
    expect(widestFirst(handler)).toStrictEqual(['g', 'c']);
    expect(narrowestFirst(handler)).toStrictEqual(['c', 'g']);
  });
});
