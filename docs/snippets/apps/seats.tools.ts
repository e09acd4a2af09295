import { Args, Ctx, ElicitRequestParams, ElicitSchema, Field, Tool, Tools } from 'elicitor';
import type { Context } from 'elicitor';
import { BoardingPassUi, SeatMapUi } from './seats.ui.js';

/** A flat form every client can show; hosts that render apps show the seat map instead. */
@ElicitSchema({ app: SeatMapUi })
export class SeatChoice {
  @Field({ description: 'Seat', enum: ['1A', '1C', '2A', '2C'] }) seat!: string;
}

export class FlightArgs {
  @Field({ description: 'Flight number' }) flight!: string;
}

@Tools()
export class SeatTools {
  @Tool({ description: 'Chooses a seat on a flight' })
  async chooseSeat(@Args() args: FlightArgs, @Ctx() ctx: Context): Promise<string> {
    const question = ElicitRequestParams.form(`Your seat on ${args.flight}?`).withSchema(SeatChoice);
    const answer = await ctx.elicit('seat', question);
    const seat = answer.content()?.seat;
    return seat ? `Seat ${seat} on ${args.flight}` : 'No seat chosen';
  }

  @Tool({ description: 'Chooses a meal, on the seat map when the host can' })
  async chooseMeal(@Ctx() ctx: Context): Promise<string> {
    const question = ElicitRequestParams.form('Your meal?').withRequired('meal', 'string').withApp(SeatMapUi);
    const rendered = ctx.clientCapabilities.ui?.elicitation ? 'by an app' : 'as a form';
    const answer = await ctx.elicit('meal', question);
    return `Meal ${String(answer.content()?.meal)} (asked ${rendered} where allowed)`;
  }

  @Tool({ description: 'Shows the boarding pass', ui: BoardingPassUi })
  boardingPass(@Args() args: FlightArgs) {
    return {
      content: [{ type: 'text' as const, text: `Boarding pass for ${args.flight}, seat 1A` }],
      structuredContent: { flight: args.flight, seat: '1A' },
    };
  }

  @Tool({ description: 'Refreshes the boarding pass', ui: { resource: BoardingPassUi, visibility: ['app'] } })
  refreshBoardingPass(@Args() args: FlightArgs): string {
    return `Boarding pass for ${args.flight} is up to date`;
  }
}
