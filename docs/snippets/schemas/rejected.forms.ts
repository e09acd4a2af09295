import { Type } from 'class-transformer';
import { IsArray, IsEnum, IsString, ValidateNested } from 'class-validator';
import { ElicitSchema, Field } from 'elicitor';

export class Address {
  @Field() city!: string;
}

export enum Level {
  Low,
  High,
}

@ElicitSchema()
export class NestedForm {
  @Field() @ValidateNested() @Type(() => Address) address!: Address; // forms are flat
}

@ElicitSchema()
export class TagsForm {
  @Field() @IsArray() @IsString({ each: true }) tags!: string[]; // arrays only as enum multi-selects
}

@ElicitSchema()
export class PatternForm {
  @Field({ pattern: '^[0-9]+$' }) pin!: string; // forms cannot carry `pattern`
}

@ElicitSchema()
export class NumericEnumForm {
  @Field() @IsEnum(Level) level!: Level; // choices must be strings
}

@ElicitSchema()
export class UnionForm {
  @Field() value!: string | number; // reflects as Object: say which type
}

@ElicitSchema()
export class BadDefaultForm {
  @Field({ enum: ['dev', 'prod'], default: 'test' }) env!: string; // a default must obey the field's rules
}

export class UndecoratedForm {
  @Field() name!: string; // no @ElicitSchema()
}
