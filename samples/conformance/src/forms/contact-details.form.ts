import { ElicitSchema, Field } from 'elicitor';

/** The form `test_elicitation` pushes: a user name and an email, both required. */
@ElicitSchema()
export class ContactDetailsForm {
  @Field({ description: "User's response" }) username!: string;
  @Field({ description: "User's email address" }) email!: string;
}
