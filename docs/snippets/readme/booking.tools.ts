import 'reflect-metadata';
import { IsInt, Length, Max, Min } from 'class-validator';
import {
  Args,
  Context,
  Ctx,
  Elicitor,
  ElicitRequestParams,
  ElicitSchema,
  Field,
  Module,
  Tool,
  Tools,
} from 'elicitor';
import { Reservations } from './reservations.service.js';

export class BookTableArgs {
  @Field({ description: 'Which restaurant' }) @Length(1, 40) restaurant!: string;
}

@ElicitSchema() // a flat form: becomes the elicitation's requestedSchema
export class Party {
  @Field({ title: 'Name for the booking' }) @Length(1, 80) name!: string;
  @Field({ title: 'Guests' }) @IsInt() @Min(1) @Max(12) guests!: number;
}

@Tools()
export class BookingTools {
  constructor(private readonly reservations: Reservations) {} // injected singleton

  @Tool({ description: 'Books a table, asking who is coming' })
  async bookTable(@Args() args: BookTableArgs, @Ctx() ctx: Context): Promise<string> {
    const slot = await ctx.memo('slot', () => this.reservations.nextFreeSlot(args.restaurant)); // looked up once
    const answer = await ctx.elicit(
      'party',
      ElicitRequestParams.form(`A table is free at ${slot}. Who is coming?`).withSchema(Party),
    );
    const party = answer.content(); // a validated Party, or undefined on decline/cancel
    if (!party) return 'No booking made.';
    const booking = await ctx.once('book', () => this.reservations.book(args.restaurant, slot, party)); // at most once
    ctx.onCommit(() => this.reservations.sendConfirmation(booking.id)); // only if the call succeeds
    return `Booked ${booking.id}: a table for ${party.guests} at ${slot}, name ${party.name}.`;
  }
}

@Module({ tools: [BookingTools], providers: [Reservations], forms: [Party] }) // NestJS-style module
export class BookingModule {}

export async function serve(port = 3000) {
  const app = await Elicitor.create(BookingModule, { name: 'bookings', version: '1.0.0' });
  const { url } = await app.listen({ http: { port } }); // Streamable HTTP at /mcp, both protocol eras
  return { app, url: url! };
}
