import { injectable } from 'inversify';
import { cabinSeats } from './cabin-layout.js';

/** Seats already sold on every flight of this sample; a real service would ask the airline. */
const TAKEN_SEATS: readonly string[] = ['1A', '2B', '2E', '4D', '5C', '6F'];

/** Which seats of the cabin can still be booked. */
@injectable()
export class SeatInventory {
  freeSeats(): string[] {
    return cabinSeats().filter((seat) => !TAKEN_SEATS.includes(seat));
  }
}
