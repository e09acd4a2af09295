import { z } from 'zod';
import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';

export const BookingArgs = z.object({
  city: z.string().min(1),
  nights: z.number().int().min(1).max(14),
});

export const RoomForm = z
  .object({
    room: z
      .union([
        z.literal('single').meta({ title: 'Single room' }),
        z.literal('double').meta({ title: 'Double room' }),
      ])
      .meta({ title: 'Room' }),
    checkIn: z.iso.date(),
    guests: z.number().int().min(1).max(4),
    breakfast: z.boolean().default(false),
    extras: z.array(z.enum(['spa', 'parking'])),
  })
  // Not on the wire: checked on the server, and the question is asked again.
  .refine((room) => room.room === 'double' || room.guests === 1, {
    message: 'a single room sleeps one guest',
    path: ['guests'],
  })
  .meta({ title: 'RoomForm' });

export const Confirmation = z.object({ reference: z.string(), nights: z.number().int() });

@Tools()
export class BookingTools {
  @Tool({ description: 'Books a hotel room', output: Confirmation })
  async bookRoom(
    @Args(BookingArgs) args: z.output<typeof BookingArgs>,
    @Ctx() ctx: Context,
  ): Promise<z.output<typeof Confirmation>> {
    const answer = await ctx.elicit(
      'room',
      ElicitRequestParams.form(`Which room in ${args.city}?`).withSchema(RoomForm),
    );
    const room = answer.content(); // z.output<typeof RoomForm> | undefined
    if (!room) return { reference: 'none', nights: 0 };
    const breakfast = room.breakfast ? ' with breakfast' : '';
    return { reference: `${room.room}-${room.checkIn}${breakfast}`, nights: args.nights };
  }
}
