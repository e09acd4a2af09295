import type { Container, ServiceIdentifier } from 'inversify';
import type { ClassProvider, FactoryProvider } from './provider.js';

/** The root container plus the providers that live once per request, bound into each request's child. */
export interface RequestScopeBlueprint {
  root: Container;
  requestScoped: ReadonlyArray<ClassProvider | FactoryProvider>;
  /** Identifiers whose value is the same for the whole app (singletons and constants). */
  appWide: ReadonlySet<ServiceIdentifier>;
}
