import { IsInt, Length, Max, Min } from 'class-validator';
import { ElicitSchema, EnumSchema, Field } from 'elicitor';

@ElicitSchema()
export class OrderLineForm {
  @Field(EnumSchema.untitledSingleSelect(['notebook', 'pencil', 'stapler'], { title: 'Item' }))
  item!: string;
  @Field({ title: 'Quantity' }) @IsInt() @Min(1) @Max(20) quantity!: number;
}

@ElicitSchema()
export class CustomerForm {
  @Field({ title: 'Order for whom' }) @Length(1, 60) customer!: string;
}
