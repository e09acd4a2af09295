import { Module } from 'elicitor';
import type { DynamicModule } from 'elicitor';
import { BookerForm, SlotForm } from './booking.forms.js';
import { RoomBookings } from './room-bookings.service.js';
import { RoomTools } from './room.tools.js';

/** The room tools and the forms they ask with; the bookings are shared with the Fastify routes. */
@Module({ tools: [RoomTools], forms: [SlotForm, BookerForm] })
export class RoomsModule {
  /** The web framework's routes use the same `RoomBookings`: the module is given that one instance. */
  static forRoot(shared: RoomBookings): DynamicModule {
    return { module: RoomsModule, providers: [{ provide: RoomBookings, useValue: shared }] };
  }
}
