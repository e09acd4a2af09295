import { ElicitSchema, Field } from 'elicitor';
import { SeatMapUi } from '../ui/seat-map.ui.js';

/** A flat form any client can show; hosts that render MCP Apps show the seat map instead. */
@ElicitSchema({ app: SeatMapUi })
export class SeatForm {
  @Field({ description: 'Your seat', enum: ['1A', '1C', '2A', '2C'] }) seat!: string;
}
