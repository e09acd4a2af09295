/** The seat question as this app reads it from `elicitation/create`: its message and the seats it may answer. */
export interface SeatQuestion {
  message: string;
  seats: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The seats are the choices of the form's `seat` field (a plain `enum`, or titled `oneOf` constants), so the
 * map offers exactly what the server accepts. Undefined for any other question: this app answers only this one.
 */
export function seatQuestionOf(params: unknown): SeatQuestion | undefined {
  if (!isRecord(params) || typeof params.message !== 'string' || !isRecord(params.requestedSchema)) return;
  const properties = params.requestedSchema.properties;
  const seat = isRecord(properties) ? properties.seat : undefined;
  if (!isRecord(seat)) return;
  const choices = Array.isArray(seat.enum)
    ? seat.enum
    : Array.isArray(seat.oneOf)
      ? seat.oneOf.map((option: unknown) => (isRecord(option) ? option.const : undefined))
      : [];
  const seats = choices.filter((choice): choice is string => typeof choice === 'string');
  return seats.length > 0 ? { message: params.message, seats } : undefined;
}

/** Seat ids grouped by their row number ("2C" is row 2), rows in order, letters in order. */
export function rowsOf(seats: readonly string[]): string[][] {
  const rows = new Map<number, string[]>();
  for (const seat of seats) {
    const row = Number.parseInt(seat, 10);
    rows.set(row, [...(rows.get(row) ?? []), seat]);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row.sort());
}
