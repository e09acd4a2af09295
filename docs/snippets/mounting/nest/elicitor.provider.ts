import type { FactoryProvider } from '@nestjs/common';
import { Elicitor, Module } from 'elicitor';
import type { DynamicModule, ElicitorApp } from 'elicitor';
import { NestGreetingTools } from './greeting.tools.js';
import { GreetingsService } from './greetings.service.js';

export const ELICITOR_APP = Symbol('ELICITOR_APP');

/** The Elicitor side: its tools, and the service Nest hands in. */
@Module({ tools: [NestGreetingTools] })
export class GreeterMcpModule {
  static withGreetings(greetings: GreetingsService): DynamicModule {
    // ...and Elicitor injects the same instance
    return { module: GreeterMcpModule, providers: [{ provide: GreetingsService, useValue: greetings }] };
  }
}

export const elicitorProvider: FactoryProvider<Promise<ElicitorApp>> = {
  provide: ELICITOR_APP,
  inject: [GreetingsService], // Nest resolves its singleton...
  useFactory: (greetings: GreetingsService) =>
    Elicitor.create(GreeterMcpModule.withGreetings(greetings), { name: 'nest-greeter', version: '1.0.0' }),
};
