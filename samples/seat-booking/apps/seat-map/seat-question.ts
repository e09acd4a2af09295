import { z } from 'zod';

/** The part of a form question this app reads: its message, and the seats it may answer. */
const SeatQuestionParams = z.object({
  message: z.string(),
  requestedSchema: z.object({
    properties: z.object({ seat: z.object({ enum: z.array(z.string()) }) }),
  }),
});

export interface SeatQuestion {
  message: string;
  freeSeats: ReadonlySet<string>;
}

/**
 * Reads the seat question from `elicitation/create` params. The free seats are the choices of the form's
 * `seat` field, so the map disables exactly the seats the server would refuse. Undefined when the params
 * are not a seat question (this app answers nothing else).
 */
export function seatQuestionOf(params: unknown): SeatQuestion | undefined {
  const parsed = SeatQuestionParams.safeParse(params);
  if (!parsed.success) return undefined;
  return {
    message: parsed.data.message,
    freeSeats: new Set(parsed.data.requestedSchema.properties.seat.enum),
  };
}
