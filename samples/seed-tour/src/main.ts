import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { seedTourModule } from './seed-tour.module.js';

const app = await Elicitor.create(seedTourModule);
await app.run('seed-tour');
