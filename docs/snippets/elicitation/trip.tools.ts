import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';

@Tools()
export class TripTools {
  @Tool({ description: 'Plans a trip, asking two questions in the same round' })
  async planTrip(@Ctx() ctx: Context): Promise<string> {
    // Both questions are recorded before the round stops, so the client gets them together.
    const [dates, destination] = await Promise.all([
      ctx.elicit(
        'dates',
        ElicitRequestParams.form('When do you leave?')
          .withRequired('departure', { type: 'string', format: 'date' })
          .withRequired('nights', 'integer'),
      ),
      ctx.elicit('destination', ElicitRequestParams.form('Where to?').withRequired('city', 'string')),
    ]);
    const when = dates.content();
    const where = destination.content();
    if (!when || !where) return 'No trip planned.';
    return `${String(when.nights)} nights in ${String(where.city)} from ${String(when.departure)}.`;
  }
}
