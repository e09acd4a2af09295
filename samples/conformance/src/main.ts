import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { conformanceModule } from './conformance.module.js';

const app = await Elicitor.create(conformanceModule);
await app.run('conformance server');
