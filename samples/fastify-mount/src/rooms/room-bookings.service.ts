import { injectable } from 'inversify';

export const ROOMS = ['ada', 'grace', 'turing'] as const;
export type Room = (typeof ROOMS)[number];

export interface Booking {
  id: string;
  room: Room;
  hours: number;
  bookedBy: string;
}

/** Meeting-room bookings, shared by the Fastify routes and the MCP tool. */
@injectable()
export class RoomBookings {
  private readonly bookings: Booking[] = [];

  list(): readonly Booking[] {
    return this.bookings;
  }

  book(room: Room, hours: number, bookedBy: string): Booking {
    const booking = { id: `B-${this.bookings.length + 1}`, room, hours, bookedBy };
    this.bookings.push(booking);
    return booking;
  }
}
