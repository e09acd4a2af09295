import { IsEmail, IsInt, IsUrl, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { ElicitSchema, Field } from 'elicitor';

@ElicitSchema()
export class ProfileForm {
  @Field({ title: 'Full name', description: 'As printed on your card' }) @Length(1, 80) name!: string;
  @Field() @IsEmail() email!: string;
  @Field() @IsUrl() website!: string;
  @Field({ format: 'date' }) birthday!: Date;
  @Field() @Matches(/^[A-Z]{2}\d{4}$/) @MaxLength(6) memberCode!: string;
  @Field() @IsInt() @Min(0) @Max(150) age!: number;
  @Field() @Min(0.5) @Max(5) rating!: number;
  @Field({ title: 'Send me the newsletter', default: true }) newsletter!: boolean;
}
