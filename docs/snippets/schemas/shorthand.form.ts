import { IsEnum, IsIn } from 'class-validator';
import { ElicitSchema, Field } from 'elicitor';

export enum Plan {
  Free = 'free',
  Pro = 'pro',
}

@ElicitSchema()
export class ShorthandForm {
  @Field({ enum: ['dev', 'prod'], default: 'dev' }) environment!: string;
  @Field({
    enum: [
      { const: 'eu', title: 'Europe' },
      { const: 'us', title: 'United States' },
    ],
  })
  region!: string;
  @Field({ enum: ['red', 'green', 'blue'], multiple: true, maxItems: 2 }) colors!: string[];
  @Field() @IsIn(['monthly', 'yearly']) billing!: string;
  @Field() @IsEnum(Plan) plan!: Plan;
}
