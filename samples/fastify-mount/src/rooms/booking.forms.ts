import { IsInt, Length, Max, Min } from 'class-validator';
import { ElicitSchema, EnumSchema, Field } from 'elicitor';
import type { Room } from './room-bookings.service.js';

@ElicitSchema()
export class SlotForm {
  @Field(
    EnumSchema.titledSingleSelect(
      { ada: 'Ada (4 seats)', grace: 'Grace (8 seats)', turing: 'Turing (12 seats)' },
      { title: 'Room' },
    ),
  )
  room!: Room;
  @Field({ title: 'Hours' }) @IsInt() @Min(1) @Max(8) hours!: number;
}

@ElicitSchema()
export class BookerForm {
  @Field({ title: 'Book under which name' }) @Length(1, 60) name!: string;
}
