import type { DeclaredForm } from './declared-form.js';
import type { ServiceIdentifier } from 'inversify';
import type { ClassType } from './class-type.js';
import type { InterceptorReference } from './interceptor.metadata.js';
import type { Provider } from './provider.js';

/** A guard or an exception filter: a class resolved from the container, or a ready instance. */
export type PipelineReference = ClassType | object;

/** What `@Module({...})` records, and what a dynamic module adds to its class's record. */
export interface ModuleMetadata {
  /** Modules whose exports this module's providers, tools and interceptors may inject. */
  imports?: ModuleImport[];
  providers?: Provider[];
  /** `@Tools()` classes: their tools, prompts and resources join the catalogue. */
  tools?: ClassType[];
  /** Forms the module's tools ask with (`@ElicitSchema` classes, Standard Schemas), built and checked at bootstrap. */
  forms?: DeclaredForm[];
  /** `@UiResource()` classes: the MCP Apps this module serves, checked and read at bootstrap. */
  ui?: ClassType[];
  /** Interceptors around every handler of this module's tools, after the global ones. */
  interceptors?: InterceptorReference[];
  /** Guards of every handler of this module's tools, recorded for the guard pipeline. */
  guards?: PipelineReference[];
  /** Exception filters of this module's tools, recorded for the filter pipeline. */
  filters?: PipelineReference[];
  /** Tokens of own providers, or imported modules whose exports are passed on. */
  exports?: ModuleExport[];
  /** Exports visible to every module without an import. */
  global?: boolean;
}

/** What a static `forRoot(options)` returns: a module class plus configuration made at import time. */
export interface DynamicModule extends ModuleMetadata {
  module: ClassType;
}

/** What `imports` lists: a module class, a dynamic module, or a promise of one (`forRootAsync`). */
export type ModuleImport = ClassType | DynamicModule | Promise<DynamicModule>;

/** What `exports` lists: a provider's token, or an imported module to re-export. */
export type ModuleExport = ServiceIdentifier | DynamicModule;

/** The usual argument of `forRootAsync`: options built at bootstrap from other providers. */
export interface AsyncModuleOptions<T> {
  useFactory: (...dependencies: never[]) => T | Promise<T>;
  inject?: ServiceIdentifier[];
  /** Modules that export what `inject` names. */
  imports?: ModuleImport[];
}

export function isDynamicModule(value: unknown): value is DynamicModule {
  return typeof value === 'object' && value !== null && typeof (value as DynamicModule).module === 'function';
}
