import { esModuleEntryOf } from './es-module-entries-plugin.js';

describe('esModuleEntryOf', () => {
  it.each([
    ['class-validator', 'class-validator/esm2015/index.js'],
    ['class-transformer', 'class-transformer/esm2015/index.js'],
    ['class-transformer/cjs/storage.js', 'class-transformer/esm2015/storage.js'],
  ])('sends %s to %s', (specifier, entry) => {
    expect(esModuleEntryOf(specifier)).toBe(entry);
  });

  it.each(['class-validator-extended', 'inversify', 'class-transformer/types/index.d.ts'])(
    'leaves %s alone',
    (specifier) => {
      expect(esModuleEntryOf(specifier)).toBeUndefined();
    },
  );
});
