import { Length } from 'class-validator';
import { ElicitSchema, EnumSchema, Field } from 'elicitor';
import type { When } from './reminder-list.service.js';

@ElicitSchema()
export class WhatForm {
  @Field({ title: 'Remind you of what' }) @Length(1, 140) text!: string;
}

@ElicitSchema()
export class WhenForm {
  @Field(
    EnumSchema.titledSingleSelect(
      { today: 'Later today', tomorrow: 'Tomorrow morning', 'next-week': 'Next Monday' },
      { title: 'When', default: 'tomorrow' },
    ),
  )
  when!: When;
}
