import { ElicitSchema, EnumSchema, Field } from 'elicitor';

@ElicitSchema()
export class OrderForm {
  @Field(
    EnumSchema.titledSingleSelect(
      [
        { const: 'S', title: 'Small' },
        { const: 'M', title: 'Medium' },
        { const: 'L', title: 'Large' },
      ],
      { title: 'Size', default: 'M' },
    ),
  )
  size!: string;

  @Field(
    EnumSchema.untitledMultiSelect(['cheese', 'mushrooms', 'olives', 'peppers'], {
      title: 'Toppings',
      minItems: 1,
      maxItems: 3,
    }),
  )
  toppings!: string[];
}
