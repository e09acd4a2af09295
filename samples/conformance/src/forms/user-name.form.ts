import { ElicitSchema, Field } from 'elicitor';

/** `{ name: string }`, required: the question of the basic MRTR scenarios. */
@ElicitSchema()
export class UserNameForm {
  @Field() name!: string;
}
