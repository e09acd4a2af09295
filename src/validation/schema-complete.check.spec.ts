import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { Field } from '../decorators/field.decorator.js';
import { validateClass } from './class-instance.check.js';
import { isSchemaComplete } from './schema-complete.check.js';
import { validationPlanFor } from './validation-plan.js';

class Flat {
  @Field() @IsString() @Length(1, 20) name!: string;
  @Field() @IsInt() @Min(1) @Max(9) count!: number;
  @Field() @IsOptional() @IsIn(['a', 'b']) mode?: string;
}

class WithEmail {
  @Field() @IsEmail() email!: string;
}

class Transformed {
  @Field() @IsString() @Transform(({ value }) => String(value).trim()) name!: string;
}

describe('schema-complete fast path', () => {
  it('recognises flat DTOs whose rules the schema proves', () => {
    expect(isSchemaComplete(Flat, validationPlanFor(Flat))).toBe(true);
    expect(isSchemaComplete(WithEmail, validationPlanFor(WithEmail))).toBe(false);
    expect(isSchemaComplete(Transformed, validationPlanFor(Transformed))).toBe(false);
  });

  it('gives the same outcomes as the full path', async () => {
    const valid = await validateClass(Flat, { name: 'x', count: 3 });
    expect(valid).toStrictEqual({ ok: true, value: Object.assign(new Flat(), { name: 'x', count: 3 }) });
    expect((valid as { value: unknown }).value).toBeInstanceOf(Flat);
    const invalid = await validateClass(Flat, { name: '', count: 10, mode: 'c' });
    expect(invalid.ok).toBe(false);
    expect((invalid as { message: string }).message).toMatch(
      /name \(isLength\).*count \(max\).*mode \(isIn\)/,
    );
    const transformed = await validateClass(Transformed, { name: '  padded ' });
    expect((transformed as { value: Transformed }).value.name).toBe('padded');
  });
});
