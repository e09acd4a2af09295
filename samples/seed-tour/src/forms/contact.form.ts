import { IsEmail, IsInt, Length, Max, Min } from 'class-validator';
import { ElicitSchema, Field } from 'elicitor';

@ElicitSchema()
export class Contact {
  @Field({ description: 'Your full name' }) @Length(1, 80) name!: string;
  @Field({ description: 'Where we can reach you' }) @IsEmail() email!: string;
  @Field({ description: 'Your age in years' }) @IsInt() @Min(0) @Max(150) age!: number;
}
