import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { SeedTourModule, seedTourOptions } from './seed-tour.module.js';

const app = await Elicitor.create(SeedTourModule, seedTourOptions);
await app.run('seed-tour');
