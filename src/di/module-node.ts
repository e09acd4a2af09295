import type { DeclaredForm } from '../metadata/declared-form.js';
import type { ServiceIdentifier } from 'inversify';
import type { ClassType } from '../metadata/class-type.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import type { ModuleExport, PipelineReference } from '../metadata/module.metadata.js';
import type { Provider } from '../metadata/provider.js';

/** One module of the app after its imports were resolved: what it declares and what it may inject. */
export interface ModuleNode {
  readonly name: string;
  readonly type: ClassType;
  readonly global: boolean;
  readonly imports: readonly ModuleNode[];
  readonly providers: readonly Provider[];
  readonly tools: readonly ClassType[];
  readonly forms: readonly DeclaredForm[];
  readonly ui: readonly ClassType[];
  readonly interceptors: readonly InterceptorReference[];
  readonly guards: readonly PipelineReference[];
  readonly filters: readonly PipelineReference[];
  readonly exportDeclarations: readonly ModuleExport[];
  /** Tokens other modules see when they import this one (own and re-exported). */
  readonly exported: Set<ServiceIdentifier>;
  /** Tokens this module's providers, tools and interceptors may inject. */
  readonly visible: Set<ServiceIdentifier>;
}

/** The app's modules, imports before importers (the order of `onModuleInit`), root last. */
export interface ModuleGraph {
  readonly root: ModuleNode;
  readonly modules: readonly ModuleNode[];
}

export function providerToken(provider: Provider): ServiceIdentifier {
  return typeof provider === 'function' ? provider : provider.provide;
}

export function tokenName(token: ServiceIdentifier): string {
  if (typeof token === 'function') return token.name || 'an anonymous class';
  if (typeof token === 'symbol') return token.toString();
  return JSON.stringify(token);
}
