import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { ElicitSchema, EnumSchema, Field } from 'elicitor';

@ElicitSchema()
export class DeployForm {
  @Field({ title: 'Replicas', default: 3 }) @IsInt() @Min(1) @Max(20) replicas!: number;
  @Field({ title: 'Verbose logging', default: false }) @IsBoolean() verbose!: boolean;
  @Field(
    EnumSchema.titledSingleSelect(
      { dev: 'Development', staging: 'Staging', prod: 'Production' },
      { title: 'Environment', default: 'dev' },
    ),
  )
  environment!: string;
}
