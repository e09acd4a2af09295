import 'reflect-metadata';
import { IsArray, IsString } from 'class-validator';
import { Field } from '../decorators/field.decorator.js';
import { validateClass } from './class-instance.check.js';
import { constructorKeyIssues } from './constructor-key.check.js';

class TagArgs {
  @Field({ description: 'Tags' })
  @IsArray()
  @IsString({ each: true })
  tags!: string[];
}

describe('constructorKeyIssues', () => {
  it('names every object that carries its own constructor key, nested in arrays and objects', () => {
    expect(constructorKeyIssues({ a: [{ constructor: 'x' }], b: { c: { constructor: {} } } })).toStrictEqual([
      { path: 'a[0]', rule: 'constructorKey', message: 'a[0] must not have a property named "constructor"' },
      { path: 'b.c', rule: 'constructorKey', message: 'b.c must not have a property named "constructor"' },
    ]);
  });

  it('finds nothing in plain values, whose constructor is only inherited', () => {
    expect(constructorKeyIssues({ tags: ['a'], nested: { deep: [1, { x: null }] } })).toStrictEqual([]);
  });
});

describe('arguments with a constructor key', () => {
  it.each([
    [[{ constructor: 'x' }], 'tags[0] (type): tags[0] must be a string'],
    [{ constructor: { prototype: { polluted: true } } }, 'tags (type): tags must be an array'],
  ])('are refused as invalid, not thrown from class-transformer: %j', async (tags, expected) => {
    const outcome = await validateClass(TagArgs, { tags });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.message).toBe(`Invalid arguments: ${expected}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
