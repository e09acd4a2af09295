import { IsEmail, IsIn, IsOptional, MaxLength } from 'class-validator';
import { ElicitSchema, EnumSchema, Field } from 'elicitor';

@ElicitSchema()
export class ApprovalForm {
  @Field(
    EnumSchema.titledSingleSelect({ approve: 'Approve and deploy', reject: 'Reject' }, { title: 'Decision' }),
  )
  @IsIn(['approve', 'reject'])
  decision!: string;

  @Field({ title: 'Your email', description: 'Recorded with the decision' }) @IsEmail() approver!: string;

  @Field({ title: 'Comment', optional: true }) @IsOptional() @MaxLength(200) comment?: string;
}
