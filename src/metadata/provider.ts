import type { ServiceIdentifier } from 'inversify';
import type { ClassType } from '../metadata/class-type.js';

/** `singleton`: one for the app; `transient`: new on every injection; `request`: one per MCP request. */
export type ProviderScope = 'singleton' | 'transient' | 'request';

/** A token bound to a class, made in the given scope (singleton by default). */
export interface ClassProvider {
  provide: ServiceIdentifier;
  useClass: ClassType;
  scope?: ProviderScope;
}

/** A token bound to a ready value. */
export interface ValueProvider {
  provide: ServiceIdentifier;
  useValue: unknown;
}

/** A token bound to what a factory returns, given the providers `inject` names. */
export interface FactoryProvider {
  provide: ServiceIdentifier;
  useFactory: (...dependencies: never[]) => unknown;
  inject?: ServiceIdentifier[];
  scope?: ProviderScope;
}

/** A provider is a class (a singleton bound to itself) or one of the explicit forms. A factory may be async: it is awaited at bootstrap. */
export type Provider = ClassType | ClassProvider | ValueProvider | FactoryProvider;
