// Each line marked `error TSnnnn` must fail to compile with that code, and nothing else may fail.
import 'reflect-metadata';
import { z } from 'zod';
import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';

const RoomForm = z.object({ room: z.enum(['single', 'double']), guests: z.number().int() });

@Tools()
export class MistypedTools {
  @Tool({ description: 'Every marked line is a type error' })
  async book(
    @Args(42 as unknown as number) args: unknown, // error TS2345
    @Ctx() ctx: Context,
  ) {
    const room = (await ctx.elicit('room', ElicitRequestParams.form('?').withSchema(RoomForm))).content();
    if (!room) return String(args);
    const guests: string = room.guests; // error TS2322
    if (room.room === 'suite') return guests; // error TS2367
    return room.floor; // error TS2339
  }

  @Tool({ description: 'A form must be a class or a Standard Schema' })
  async ask(@Ctx() ctx: Context) {
    return ctx.elicit('x', ElicitRequestParams.form('?').withSchema({ room: 'single' })); // error TS2353
  }
}
