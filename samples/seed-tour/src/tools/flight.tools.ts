import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';
import { SeatForm } from '../forms/seat.form.js';
import { BoardingPassUi } from '../ui/seat-map.ui.js';

export class FlightArgs {
  @Field({ description: 'Flight number, e.g. EL42' }) flight!: string;
}

@Tools()
export class FlightTools {
  @Tool({ description: 'Chooses a seat: on the seat map where the host renders MCP Apps, else a form' })
  async chooseSeat(@Args() args: FlightArgs, @Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'seat',
      ElicitRequestParams.form(`Your seat on ${args.flight}?`).withSchema(SeatForm),
    );
    return (
      answer.map((form) => `Seat ${form.seat} on ${args.flight}`) ?? `No seat: you chose to ${answer.action}.`
    );
  }

  @Tool({ description: 'Shows a boarding pass (an MCP App where the host renders them)', ui: BoardingPassUi })
  showBoardingPass(@Args() args: FlightArgs) {
    return {
      content: [{ type: 'text' as const, text: `Boarding pass: flight ${args.flight}, seat 1A` }],
      structuredContent: { flight: args.flight, seat: '1A' },
    };
  }
}
