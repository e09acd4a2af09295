import { IsIn, IsInt, Length, Max, Min } from 'class-validator';
import { Args, Field, Tool, Tools } from 'elicitor';

export class ForecastArgs {
  @Field({ description: 'City name' }) @Length(1, 60) city!: string;
  @Field({ description: 'Days ahead, 1 to 7' }) @IsInt() @Min(1) @Max(7) days!: number;
}

/** The shape of `structuredContent`: listed as the tool's `outputSchema`. */
export class Forecast {
  @Field() @Length(1, 60) city!: string;
  @Field() @IsInt() highC!: number;
  @Field() @IsIn(['sun', 'cloud', 'rain']) sky!: string;
}

export class AlertArgs {
  @Field() @Length(1, 60) city!: string;
}

@Tools()
export class ForecastTools {
  @Tool({
    title: 'Weather forecast', // shown to people; `name` stays what models call
    description: 'Forecast for a city, a few days ahead',
    annotations: { readOnlyHint: true, openWorldHint: true }, // hints, not guarantees
    output: Forecast,
  })
  forecast(@Args() args: ForecastArgs): Forecast {
    return { city: args.city, highC: 20 + args.days, sky: 'sun' }; // becomes structuredContent
  }

  @Tool({
    name: 'send_alert',
    description: 'Sends a weather alert to a city',
    annotations: { destructiveHint: false, idempotentHint: true },
    // Listed as written; the @Args() class below still validates every call.
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', minLength: 1, maxLength: 60, examples: ['Oslo'] } },
      required: ['city'],
      additionalProperties: false,
    },
  })
  alert(@Args() args: AlertArgs): string {
    return `Alert sent to ${args.city}.`;
  }
}
