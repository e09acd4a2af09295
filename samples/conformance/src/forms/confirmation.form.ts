import { ElicitSchema, Field } from 'elicitor';

/** `{ ok: boolean }`, required: a yes/no confirmation. */
@ElicitSchema()
export class ConfirmationForm {
  @Field() ok!: boolean;
}
