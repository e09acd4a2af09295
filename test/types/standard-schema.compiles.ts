import 'reflect-metadata';
import { type } from 'arktype';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { z } from 'zod';
import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';

const BookingArgs = z.object({ city: z.string(), nights: z.number().int().default(1) });
const RoomForm = z.object({
  room: z.enum(['single', 'double']),
  guests: z.number().int(),
  breakfast: z.boolean().default(false),
});
const ValibotForm = toStandardJsonSchema(v.object({ note: v.optional(v.string()) }));
const ArkTypeForm = type({ extras: "('spa' | 'parking')[]" });

@Tools()
export class TypedTools {
  @Tool({ description: 'Types flow from the schemas', output: z.object({ ok: z.boolean() }) })
  async book(@Args(BookingArgs) args: z.output<typeof BookingArgs>, @Ctx() ctx: Context) {
    const nights: number = args.nights;
    const room = (await ctx.elicit('room', ElicitRequestParams.form('?').withSchema(RoomForm))).content();
    if (room) {
      const kind: 'single' | 'double' = room.room;
      const breakfast: boolean = room.breakfast;
      void [kind, breakfast, room.guests.toFixed()];
    }
    const note = (await ctx.elicit('note', ElicitRequestParams.form('?').withSchema(ValibotForm))).content();
    const text: string | undefined = note?.note;
    const extras = (
      await ctx.elicit('extras', ElicitRequestParams.form('?').withSchema(ArkTypeForm))
    ).content();
    const first: 'spa' | 'parking' | undefined = extras?.extras[0];
    return { ok: nights > 0 && text !== '' && first !== undefined };
  }
}
