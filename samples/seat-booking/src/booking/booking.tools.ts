import { Args, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import type { Context } from 'elicitor';
import { SeatInventory } from '../cabin/seat-inventory.service.js';
import { BoardingPassUi } from '../ui/boarding-pass.ui.js';
import { BookingArgs } from './booking.args.js';
import { SeatChoice } from './seat-choice.form.js';

/** What the boarding pass app draws, and what a client without apps reads as structured content. */
export interface Booking {
  flight: string;
  seat: string;
  passenger: string;
}

@Tools()
export class BookingTools {
  constructor(private readonly inventory: SeatInventory) {}

  @Tool({
    description: 'Books a seat on a flight: the passenger picks it on the cabin map, or in a form',
    ui: BoardingPassUi,
  })
  async bookSeat(@Args() args: BookingArgs, @Ctx() ctx: Context) {
    // In memo: the free seats are part of the question, which must stay the same in every round.
    const free = await ctx.memo('free-seats', () => this.inventory.freeSeats());
    const answer = await ctx.elicit(
      'seat',
      ElicitRequestParams.form(`${args.passenger}, which seat on ${args.flight}?`).withSchema(SeatChoice, {
        choices: { seat: free },
      }),
    );
    const choice = answer.content();
    if (!choice) {
      return { content: [{ type: 'text' as const, text: `No seat booked: you chose to ${answer.action}.` }] };
    }
    const booking: Booking = { flight: args.flight, seat: choice.seat, passenger: args.passenger };
    return {
      content: [
        {
          type: 'text' as const,
          text: `Seat ${booking.seat} on ${booking.flight} is booked for ${booking.passenger}.`,
        },
      ],
      structuredContent: { ...booking },
    };
  }
}
