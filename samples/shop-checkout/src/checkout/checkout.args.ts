import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsInt, Length, Max, Min, ValidateNested } from 'class-validator';
import { Field } from 'elicitor';

export class CartLine {
  @Field({ description: 'Product code, as listed by list_products' }) @Length(1, 40) sku!: string;
  @Field({ description: 'How many (1-20)' }) @IsInt() @Min(1) @Max(20) quantity!: number;
}

export class CheckoutArgs {
  @Field({ description: 'What is in the cart', items: () => CartLine })
  @ValidateNested({ each: true })
  @Type(() => CartLine)
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  items!: CartLine[];
}
