import { ElicitSchema, EnumSchema, Field } from 'elicitor';

/** SEP-1330: the five enum shapes a form can carry, one field each. */
@ElicitSchema()
export class EnumVariantsForm {
  @Field(
    EnumSchema.untitledSingleSelect(['option1', 'option2', 'option3'], { title: 'Untitled single select' }),
  )
  untitledSingle!: string;

  @Field(
    EnumSchema.titledSingleSelect(
      { value1: 'First Option', value2: 'Second Option', value3: 'Third Option' },
      { title: 'Titled single select' },
    ),
  )
  titledSingle!: string;

  @Field(
    EnumSchema.legacyTitled(['opt1', 'opt2', 'opt3'], ['Option One', 'Option Two', 'Option Three'], {
      title: 'Legacy titled enum',
    }),
  )
  legacyEnum!: string;

  @Field(
    EnumSchema.untitledMultiSelect(['option1', 'option2', 'option3'], { title: 'Untitled multi select' }),
  )
  untitledMulti!: string[];

  @Field(
    EnumSchema.titledMultiSelect(
      { value1: 'First Choice', value2: 'Second Choice', value3: 'Third Choice' },
      { title: 'Titled multi select' },
    ),
  )
  titledMulti!: string[];
}
