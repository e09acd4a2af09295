import { ElicitSchema, Field } from 'elicitor';
import { SeatMapUi } from '../ui/seat-map.ui.js';

/**
 * The seat question. Every client can answer it as a plain form (a select of the free seats); a host that
 * renders MCP Apps shows the seat map instead, which reads the same free seats from the question.
 */
@ElicitSchema({ app: SeatMapUi })
export class SeatChoice {
  // The free seats are known only when asking: given then, and the answer is checked against them.
  @Field({ description: 'A free seat, e.g. 3C', runtimeChoices: true }) seat!: string;
}
