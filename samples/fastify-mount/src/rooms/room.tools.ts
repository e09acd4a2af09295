import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { BookerForm, SlotForm } from './booking.forms.js';
import { RoomBookings } from './room-bookings.service.js';

/** Books a meeting room in two questions: which room for how long, then under which name. */
@Tools()
export class RoomTools {
  constructor(private readonly bookings: RoomBookings) {}

  @Tool({ description: 'Books a meeting room, asking for the room and hours, then a name' })
  async bookRoom(@Ctx() ctx: Context): Promise<string> {
    const slot = (
      await ctx.elicit('slot', ElicitRequestParams.form('Which room, for how long?').withSchema(SlotForm))
    ).content();
    if (!slot) return 'No room booked.';
    const booker = (
      await ctx.elicit(
        'booker',
        ElicitRequestParams.form(`Room ${slot.room} for ${slot.hours} h: under which name?`).withSchema(
          BookerForm,
        ),
      )
    ).content();
    if (!booker) return 'No room booked.';
    const booking = await ctx.once('book', () => this.bookings.book(slot.room, slot.hours, booker.name));
    return `Booked ${booking.room} for ${booking.hours} h under ${booking.bookedBy} (${booking.id}).`;
  }
}
