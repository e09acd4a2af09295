import 'reflect-metadata';
import { Catch } from '../decorators/catch.decorator.js';
import { ExceptionFilterSet } from './exception-filter-set.js';

class Base extends Error {}
class Derived extends Base {}

@Catch(Base)
class BaseFilter {
  catch(): string {
    return 'base';
  }
}

@Catch(Derived, RangeError)
class DerivedFilter {
  catch(): string {
    return 'derived';
  }
}

@Catch()
class AnyFilter {
  catch(): string {
    return 'any';
  }
}

describe('ExceptionFilterSet', () => {
  it('picks the first match of the narrowest level', () => {
    const set = ExceptionFilterSet.prepare({
      global: [AnyFilter],
      class: [BaseFilter],
      method: [DerivedFilter],
    });
    expect(set.find(new Derived())?.reference).toBe(DerivedFilter);
    expect(set.find(new RangeError())?.reference).toBe(DerivedFilter);
    expect(set.find(new Base())?.reference).toBe(BaseFilter);
    expect(set.find(new Error())?.reference).toBe(AnyFilter);
    expect(set.find('a string')?.reference).toBe(AnyFilter);
  });

  it('keeps the declared order within a level', () => {
    const set = ExceptionFilterSet.prepare({ global: [], class: [BaseFilter, DerivedFilter], method: [] });
    expect(set.find(new Derived())?.reference).toBe(BaseFilter);
  });

  it('finds nothing when no filter catches the error', () => {
    const set = ExceptionFilterSet.prepare({ global: [], class: [BaseFilter], method: [] });
    expect(set.find(new TypeError())).toBeUndefined();
    expect(set.size).toBe(1);
  });

  it('takes instances, reading @Catch from their class', () => {
    const instance = new DerivedFilter();
    const set = ExceptionFilterSet.prepare({ global: [instance], class: [], method: [] });
    expect(set.find(new Derived())?.reference).toBe(instance);
  });
});
