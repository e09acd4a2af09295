import type { FactoryProvider } from '@nestjs/common';
import { Elicitor } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { NestGreetingTools } from './greeting.tools.js';
import { GreetingsService } from './greetings.service.js';

export const ELICITOR_APP = Symbol('ELICITOR_APP');

export const elicitorProvider: FactoryProvider<Promise<ElicitorApp>> = {
  provide: ELICITOR_APP,
  inject: [GreetingsService], // Nest resolves its singleton...
  useFactory: (greetings: GreetingsService) =>
    Elicitor.create({
      name: 'nest-greeter',
      version: '1.0.0',
      tools: [NestGreetingTools],
      providers: [{ provide: GreetingsService, useValue: greetings }], // ...and Elicitor injects the same one
    }),
};
