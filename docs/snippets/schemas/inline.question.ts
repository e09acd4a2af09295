import { ElicitRequestParams } from 'elicitor';

/** A one-off question without a class: `withRequired` / `withOptional` take a type name or a full field schema. */
export const rsvpQuestion = ElicitRequestParams.form('Will you come?')
  .withRequired('attending', 'boolean')
  .withRequired('guests', { type: 'integer', minimum: 0, maximum: 4 })
  .withOptional('diet', { type: 'string', enum: ['none', 'vegetarian', 'vegan'] });
