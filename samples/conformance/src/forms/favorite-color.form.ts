import { ElicitSchema, Field } from 'elicitor';

/** `{ color: string }`: the second step of the multi-round scenario. */
@ElicitSchema()
export class FavoriteColorForm {
  @Field() color!: string;
}
