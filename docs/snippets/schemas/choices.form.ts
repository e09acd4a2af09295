import { ElicitSchema, EnumSchema, Field } from 'elicitor';

@ElicitSchema()
export class ChoicesForm {
  @Field(EnumSchema.untitledSingleSelect(['small', 'medium', 'large'], { title: 'Size', default: 'medium' }))
  size!: string;

  @Field(EnumSchema.titledSingleSelect({ eu: 'Europe', us: 'United States' }, { description: 'Data region' }))
  region!: string;

  @Field(EnumSchema.untitledMultiSelect(['email', 'sms', 'push'], { minItems: 1, default: ['email'] }))
  channels!: string[];

  @Field(
    EnumSchema.titledMultiSelect(
      [
        { const: 'fr', title: 'French' },
        { const: 'de', title: 'German' },
      ],
      { title: 'Languages', maxItems: 2 },
    ),
  )
  languages!: string[];

  @Field(EnumSchema.legacyTitled(['1', '2'], ['One star', 'Two stars']))
  stars!: string;
}
