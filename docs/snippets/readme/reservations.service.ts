import { injectable } from 'inversify';

export interface Booking {
  id: string;
  restaurant: string;
  slot: string;
  name: string;
  guests: number;
}

/** A stand-in for a booking system; it remembers what really happened. */
@injectable()
export class Reservations {
  readonly bookings: Booking[] = [];
  readonly confirmations: string[] = [];
  slotLookups = 0;

  async nextFreeSlot(_restaurant: string): Promise<string> {
    this.slotLookups++;
    return '19:30';
  }

  async book(restaurant: string, slot: string, party: { name: string; guests: number }): Promise<Booking> {
    const booking = { id: `B-${this.bookings.length + 1}`, restaurant, slot, ...party };
    this.bookings.push(booking);
    return booking;
  }

  async sendConfirmation(bookingId: string): Promise<void> {
    this.confirmations.push(bookingId);
  }
}
