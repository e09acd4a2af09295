import { IsEmail, Length } from 'class-validator';
import { ElicitSchema, Field } from 'elicitor';

@ElicitSchema()
export class ShippingForm {
  @Field({ title: 'Full name' }) @Length(1, 80) name!: string;
  @Field({ title: 'Email for the receipt' }) @IsEmail() email!: string;
  @Field({ title: 'Street address' }) @Length(5, 200) address!: string;
}
