import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { fleetOptionsFrom } from './fleet.options.js';
import { SeedTourModule, seedTourOptions } from './seed-tour.module.js';

const app = await Elicitor.create(SeedTourModule, {
  ...seedTourOptions,
  ...(await fleetOptionsFrom(process.env)),
});
await app.run('seed-tour');
