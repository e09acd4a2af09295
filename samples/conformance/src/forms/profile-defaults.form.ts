import { IsInt } from 'class-validator';
import { ElicitSchema, Field } from 'elicitor';

/** SEP-1034: a default on every primitive field type, including an enum. */
@ElicitSchema()
export class ProfileDefaultsForm {
  @Field({ description: 'User name', default: 'John Doe' }) name!: string;
  @Field({ description: 'User age', default: 30 }) @IsInt() age!: number;
  @Field({ description: 'User score', default: 95.5 }) score!: number;
  @Field({ description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' })
  status!: string;
  @Field({ description: 'Verification status', default: true }) verified!: boolean;
}
