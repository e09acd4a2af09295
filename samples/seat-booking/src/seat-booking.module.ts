import { Module } from 'elicitor';
import { BookingTools } from './booking/booking.tools.js';
import { SeatChoice } from './booking/seat-choice.form.js';
import { SeatInventory } from './cabin/seat-inventory.service.js';
import { BoardingPassUi } from './ui/boarding-pass.ui.js';
import { SeatMapUi } from './ui/seat-map.ui.js';

/** The sample's only module: the booking tool, its seat question, and the two apps. */
@Module({
  tools: [BookingTools],
  forms: [SeatChoice],
  providers: [SeatInventory],
  ui: [SeatMapUi, BoardingPassUi],
})
export class SeatBookingModule {}
