import { IsEmail, Length } from 'class-validator';
import { ElicitSchema, EnumSchema, Field } from 'elicitor';

@ElicitSchema()
export class ShippingForm {
  @Field({ title: 'Full name' }) @Length(1, 80) name!: string;
  @Field({ title: 'Email for the receipt' }) @IsEmail() email!: string;
  @Field({ title: 'Street and number' }) @Length(3, 120) street!: string;
  @Field({ title: 'City' }) @Length(1, 60) city!: string;
  @Field(
    EnumSchema.titledSingleSelect(
      { us: 'United States', ca: 'Canada', gb: 'United Kingdom' },
      { title: 'Country', default: 'us' },
    ),
  )
  country!: string;
  @Field({ title: 'Gift wrap', default: false }) giftWrap!: boolean;
}
