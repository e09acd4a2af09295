import { Length } from 'class-validator';
import { ElicitSchema, EnumSchema, Field } from 'elicitor';
import type { Severity } from './ticket-store.service.js';

@ElicitSchema()
export class TicketDetailsForm {
  @Field({ title: 'What is wrong' }) @Length(3, 120) title!: string;
  @Field(
    EnumSchema.titledSingleSelect(
      { low: 'Low', normal: 'Normal', urgent: 'Urgent' },
      { title: 'Severity', default: 'normal' },
    ),
  )
  severity!: Severity;
}

@ElicitSchema()
export class ConfirmForm {
  @Field({ title: 'Open the ticket' }) confirm!: boolean;
}
