import { IsDefined, IsInt, IsOptional, Max, MaxLength } from 'class-validator';
import { ElicitSchema, Field } from 'elicitor';

@ElicitSchema()
export class PreferencesForm {
  @Field() nickname!: string; // required
  @Field() @IsOptional() @MaxLength(200) bio?: string; // optional
  @Field({ optional: true }) pronouns?: string; // optional
  @Field() @IsInt() @Max(100) volume: number = 40; // a default: optional, filled in when absent
  @Field({ default: 'en' }) language!: string; // the same, declared on @Field
  @Field() @IsDefined() terms: boolean = false; // a default the user must still confirm
}
