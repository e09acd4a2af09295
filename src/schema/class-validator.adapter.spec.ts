import {
  classValidatorInUse,
  classValidatorNow,
  loadClassValidator,
  loadedClassValidator,
  validationRulesOf,
} from './class-validator.adapter.js';

class Plain {
  name = '';
}

describe('class-validator, read without importing it', () => {
  it('reads no rules and loads nothing while no class-validator decorator has run', () => {
    expect(classValidatorInUse()).toBe(false);
    expect(validationRulesOf(Plain, true)).toStrictEqual([]);
    expect(loadedClassValidator()).toBeUndefined();
  });

  it('reads the rules of a decorated class once the library is in use, and loads it once', async () => {
    const { Min } = await import('class-validator');
    class Order {
      @Min(1) quantity = 0;
    }
    expect(classValidatorInUse()).toBe(true);
    expect(validationRulesOf(Order, true).map((rule) => rule.propertyName)).toStrictEqual(['quantity']);
    expect(validationRulesOf(Plain, true)).toStrictEqual([]);
    const loading = loadClassValidator();
    expect(loadClassValidator()).toBe(loading);
    const calls = await loading;
    expect(loadedClassValidator()).toBe(calls);
    expect(classValidatorNow()).toBe(calls);
    expect(calls.validateSync(new Order()).map((error) => error.property)).toStrictEqual(['quantity']);
  });
});
