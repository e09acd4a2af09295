import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { commandLineOptions } from './command-line.options.js';
import { SeatBookingModule } from './seat-booking.module.js';

const options = commandLineOptions(process.argv);
const app = await Elicitor.create(SeatBookingModule, {
  name: 'seat-booking',
  version: '0.1.0',
  instructions: 'book_seat books a seat for a passenger; the passenger picks it on a cabin map.',
  appQuestions: options.appQuestions,
});
await app.run('seat-booking', {
  env: options.port === undefined ? process.env : { ...process.env, PORT: options.port },
  // On stdout, so that whoever started the server reads the URL where it listens (stdio never logs it).
  log: (line) => process.stdout.write(`${line}\n`),
});
