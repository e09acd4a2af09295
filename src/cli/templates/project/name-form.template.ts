export function nameFormTemplate(): string {
  return `import { Length } from 'class-validator';
import { ElicitSchema, Field } from 'elicitor';

/** The form the greet tool shows the user. */
@ElicitSchema()
export class NameForm {
  @Field({ description: 'How should we call you?' })
  @Length(1, 80)
  name!: string;
}
`;
}
