import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { ConformanceModule, conformanceOptions } from './conformance.module.js';

const app = await Elicitor.create(ConformanceModule, conformanceOptions);
await app.run('conformance server');
