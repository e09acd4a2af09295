import { Type } from 'class-transformer';
import { IsInt, IsOptional, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Field } from 'elicitor';

export class Area {
  @Field({ description: 'City name' }) @Length(1, 60) city!: string;
  @Field() @IsOptional() @Matches(/^\d{5}$/) zip?: string;
}

/** Tool arguments: unlike a form, they may nest objects and arrays and carry `pattern`. */
export class SearchArgs {
  @Field({ description: 'What to look for' }) @Length(1, 200) query!: string;
  @Field() @ValidateNested() @Type(() => Area) area!: Area;
  @Field({ items: () => String }) @IsOptional() tags?: string[];
  @IsOptional() @IsInt() @Min(1) @Max(50) limit: number = 10;
}
