import 'reflect-metadata';
import { type } from 'arktype';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { z } from 'zod';
import { z as zodLowest } from 'zod-4-2';
import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import type { ClassType, StandardSchema } from 'elicitor';

/** The booking's arguments, whatever library declares them. */
export interface BookingArgs {
  city: string;
  nights: number;
}

/** What the room form's answer is, whatever library declares it. */
export interface RoomAnswer {
  room: 'single' | 'double';
  checkIn: string;
  guests: number;
  breakfast?: boolean | undefined;
  extras: ('spa' | 'parking')[];
}

/** One library's declaration of the same tool: its arguments, its form and its result. */
export interface BookingSchemas {
  library: string;
  args: StandardSchema<BookingArgs>;
  form: StandardSchema<RoomAnswer>;
  output: StandardSchema<{ confirmation: string; nights: number }>;
}

/** Zod 4 from the lowest version Elicitor supports (4.2, the first with `~standard.jsonSchema`) on. */
function zodSchemas(library: string, zod: typeof z): BookingSchemas {
  return {
    library,
    args: zod.object({ city: zod.string().min(1), nights: zod.number().int().min(1).max(14) }),
    form: zod
      .object({
        room: zod
          .union([
            zod.literal('single').meta({ title: 'Single room' }),
            zod.literal('double').meta({ title: 'Double room' }),
          ])
          .meta({ title: 'Room' }),
        checkIn: zod.iso.date(),
        guests: zod.number().int().min(1).max(4),
        breakfast: zod.boolean().default(false),
        extras: zod.array(zod.enum(['spa', 'parking'])),
      })
      // A rule the wire cannot carry: the server checks it and asks again.
      .refine((answer) => answer.room === 'double' || answer.guests === 1, {
        message: 'a single room sleeps one guest',
        path: ['guests'],
      })
      .meta({ title: 'RoomForm' }),
    output: zod.object({ confirmation: zod.string(), nights: zod.number().int() }),
  };
}

const valibotSchemas: BookingSchemas = {
  library: 'valibot 1.5',
  args: toStandardJsonSchema(
    v.object({
      city: v.pipe(v.string(), v.minLength(1)),
      nights: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(14)),
    }),
  ),
  form: toStandardJsonSchema(
    v.pipe(
      v.object({
        room: v.pipe(
          v.union([
            v.pipe(v.literal('single'), v.title('Single room')),
            v.pipe(v.literal('double'), v.title('Double room')),
          ]),
          v.title('Room'),
        ),
        checkIn: v.pipe(v.string(), v.isoDate()),
        guests: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
        breakfast: v.optional(v.boolean(), false),
        extras: v.array(v.picklist(['spa', 'parking'])),
      }),
      v.title('RoomForm'),
    ),
  ),
  output: toStandardJsonSchema(
    v.object({ confirmation: v.string(), nights: v.pipe(v.number(), v.integer()) }),
  ),
};

const arktypeSchemas: BookingSchemas = {
  library: 'arktype 2.2',
  args: type({ city: 'string > 0', nights: '1 <= number.integer <= 14' }),
  form: type({
    room: type("'single'")
      .configure({ title: 'Single room' })
      .or(type("'double'").configure({ title: 'Double room' })),
    checkIn: type('string.date.iso').configure({ format: 'date' }),
    guests: '1 <= number.integer <= 4',
    'breakfast?': type('boolean').configure({ default: false }),
    extras: "('spa' | 'parking')[]",
  }).configure({ title: 'RoomForm' }),
  output: type({ confirmation: 'string', nights: 'number.integer' }),
};

/** Every library and version the e2e suite runs against. */
export const LIBRARIES: readonly BookingSchemas[] = [
  zodSchemas('zod 4.2', zodLowest as unknown as typeof z),
  zodSchemas('zod 4.6', z),
  valibotSchemas,
  arktypeSchemas,
];

/** The booking tools, declared with one library's schemas: no class, no decorator metadata needed. */
export function bookingTools(schemas: BookingSchemas): ClassType {
  @Tools()
  class BookingTools {
    @Tool({ description: 'Books a hotel room, asking which one', output: schemas.output })
    async bookRoom(@Args(schemas.args) args: BookingArgs, @Ctx() ctx: Context) {
      const form = ElicitRequestParams.form(`Which room in ${args.city}?`).withSchema(schemas.form);
      const answer = (await ctx.elicit('room', form)).content();
      if (!answer) return { confirmation: 'nothing booked', nights: 0 };
      const extras = answer.extras.join('+') || 'none';
      return {
        confirmation: `${answer.room} in ${args.city} from ${answer.checkIn}, ${answer.guests} guest(s), breakfast ${String(answer.breakfast ?? false)}, extras ${extras}`,
        nights: args.nights,
      };
    }

    @Tool({ description: 'Returns what its output schema refuses', output: schemas.output })
    badOutput() {
      return { confirmation: 42, nights: 1 };
    }
  }
  return BookingTools;
}
