import { z } from 'zod';

/** What `book_seat` returns as `structuredContent`. */
const BookingSchema = z.object({ flight: z.string(), seat: z.string(), passenger: z.string() });
export type Booking = z.infer<typeof BookingSchema>;

/** The booking in a tool result, or undefined when the call booked nothing (declined, or an error). */
export function bookingOf(structuredContent: unknown): Booking | undefined {
  const parsed = BookingSchema.safeParse(structuredContent);
  return parsed.success ? parsed.data : undefined;
}
