import { Field } from 'elicitor';

export const DEFAULT_FLIGHT = 'EL 101';

export class BookingArgs {
  @Field({ description: 'Name of the passenger, as on the boarding pass' }) passenger!: string;
  @Field({ description: 'Flight number', default: DEFAULT_FLIGHT }) flight!: string;
}
