import { ElicitSchema, Field } from 'elicitor';

/** `{ context: string }`: what an input-required prompt asks before it renders. */
@ElicitSchema()
export class PromptContextForm {
  @Field() context!: string;
}
