import { IsIn, Length, Matches } from 'class-validator';
import { Field } from 'elicitor';

export class DeployArgs {
  @Field({ description: 'Service to deploy, e.g. billing-api' })
  @Matches(/^[a-z][a-z0-9-]*$/)
  @Length(2, 40)
  service!: string;
  @Field({ description: 'Version to ship, e.g. 1.4.2' }) @Matches(/^\d+\.\d+\.\d+$/) version!: string;
  @Field({ description: 'Where to deploy' }) @IsIn(['staging', 'production']) environment!: string;
}
