/**
 * The cabin every flight of this sample flies: rows 1 to 6, seats A to F with the aisle between C and D.
 * Shared by the server (which seats exist) and the seat map app (what it draws), so both agree.
 */
export const CABIN_ROWS = [1, 2, 3, 4, 5, 6] as const;
export const CABIN_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
/** The aisle runs after this letter. */
export const AISLE_AFTER = 'C';

/** Every seat id of the cabin, row by row: 1A, 1B, ... 6F. */
export function cabinSeats(): string[] {
  return CABIN_ROWS.flatMap((row) => CABIN_LETTERS.map((letter) => `${row}${letter}`));
}
