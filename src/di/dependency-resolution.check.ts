import 'reflect-metadata';
import { ClassElementMetadataKind, getClassMetadata } from '@inversifyjs/core';
import type { Container, ServiceIdentifier } from 'inversify';
import { Context } from '../context/context.js';
import { DependencyResolutionError } from '../errors/dependency-resolution.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { EMIT_DECORATOR_METADATA_HINT } from '../schema/decorator-metadata-hint.js';
import { tokenName } from './module-node.js';
import type { Provider } from './provider.js';

/** What the app builds and why, as the error names it: `{ type: Shop, role: 'tool class' }`. */
export interface ResolutionSubject {
  type: ClassType;
  role: string;
  /** The module that declares it; what it may inject is limited to what that module sees. */
  module?: ModuleScope;
}

/** A module as the check needs it: its name and the tokens it may inject. */
export interface ModuleScope {
  name: string;
  visible: ReadonlySet<ServiceIdentifier>;
}

/** Module visibility: who owns each token, and tokens every module sees (the framework's own). */
export interface ModuleVisibility {
  ownerOf: ReadonlyMap<ServiceIdentifier, ModuleScope>;
  everywhere: ReadonlySet<ServiceIdentifier>;
}

type Dependency = { token: ServiceIdentifier; where: string };

const NO_RUNTIME_TOKEN: readonly unknown[] = [Object, undefined];

/**
 * Proves at bootstrap that every class the app will build per request (tool classes, interceptor
 * classes) can be built: each dependency of its constructor and injected properties is provided, all
 * the way down. Singletons need no proof here, they are created eagerly from the root.
 */
export class DependencyResolutionCheck {
  private readonly classOf = new Map<ServiceIdentifier, ClassType>();
  private readonly requestTokens = new Set<ServiceIdentifier>();
  private readonly factoryInjects = new Map<ServiceIdentifier, readonly ServiceIdentifier[]>();
  /** What was proven, per module: the same class may see different tokens from two modules. */
  private readonly provenBy = new Map<ModuleScope | undefined, Set<ClassType | ServiceIdentifier>>();

  /**
   * `root` holds the providers; `toBeBound` are the classes the caller binds to themselves after the
   * check (tool and interceptor classes), so depending on one of them counts as provided.
   */
  constructor(
    private readonly root: Container,
    providers: readonly Provider[],
    toBeBound: readonly ClassType[] = [],
    private readonly visibility?: ModuleVisibility,
  ) {
    for (const type of toBeBound) this.classOf.set(type, type);
    for (const provider of providers) {
      if (typeof provider === 'function') {
        this.classOf.set(provider, provider);
        continue;
      }
      if ('scope' in provider && provider.scope === 'request') this.requestTokens.add(provider.provide);
      if ('useClass' in provider) this.classOf.set(provider.provide, provider.useClass);
      if ('useFactory' in provider) this.factoryInjects.set(provider.provide, provider.inject ?? []);
    }
  }

  /** Throws `DependencyResolutionError` naming the first token nobody provides. */
  check(subject: ResolutionSubject): void {
    const described = `${subject.type.name} (${subject.role}${subject.module ? ` of module ${subject.module.name}` : ''})`;
    this.prove(subject.type, described, [], subject.module);
  }

  /** A provider of a module: what its class or factory injects must be visible from that module. */
  checkProvider(provider: Provider, module: ModuleScope): void {
    if (typeof provider !== 'function' && 'useValue' in provider) return;
    const type =
      typeof provider === 'function' ? provider : 'useClass' in provider ? provider.useClass : undefined;
    const name = tokenName(typeof provider === 'function' ? provider : provider.provide);
    const subject = `${name} (provider of module ${module.name})`;
    if (type) {
      this.prove(type, subject, [], module);
      return;
    }
    const injects = (provider as { inject?: readonly ServiceIdentifier[] }).inject ?? [];
    this.proveEach(injectsOf(injects), subject, [name], module);
  }

  private prove(
    type: ClassType,
    subject: string,
    path: readonly string[],
    module: ModuleScope | undefined,
  ): void {
    const proven = this.provenIn(module);
    if (proven.has(type) || path.includes(type.name)) return;
    const dependencies = dependenciesOf(type, subject, describeRoute(path, type));
    this.proveEach(dependencies, subject, [...path, type.name], module);
    proven.add(type);
  }

  /** Each dependency is provided (and visible), and so is whatever its class or factory needs in turn. */
  private proveEach(
    dependencies: readonly Dependency[],
    subject: string,
    path: readonly string[],
    module: ModuleScope | undefined,
  ): void {
    const route = path.length === 1 ? 'it' : path.join(' → ');
    for (const { token, where } of dependencies) {
      if (NO_RUNTIME_TOKEN.includes(token)) throw noRuntimeToken(subject, route, where);
      const name = tokenName(token);
      if (!this.isProvided(token) || !this.isVisible(token, module)) {
        const remedy = module
          ? `add ${name} to the providers of module ${module.name}, or import a module that exports it`
          : `add ${name} to providers`;
        const reason = this.isProvided(token)
          ? `which module ${module!.name} cannot see`
          : 'which no provider supplies';
        throw new DependencyResolutionError(
          subject,
          name,
          `${subject} cannot be built: ${route} needs ${name} (${where}), ${reason}; ${remedy}`,
        );
      }
      const owner = this.visibility?.ownerOf.get(token) ?? module;
      const implementation = this.classOf.get(token);
      if (implementation) this.prove(implementation, subject, path, owner);
      const injects = this.factoryInjects.get(token);
      if (injects && !this.provenIn(owner).has(token)) {
        this.proveEach(injectsOf(injects), subject, [...path, name], owner);
        this.provenIn(owner).add(token);
      }
    }
  }

  private provenIn(module: ModuleScope | undefined): Set<ClassType | ServiceIdentifier> {
    let proven = this.provenBy.get(module);
    if (!proven) this.provenBy.set(module, (proven = new Set()));
    return proven;
  }

  private isVisible(token: ServiceIdentifier, module: ModuleScope | undefined): boolean {
    if (!module || !this.visibility || token === Context) return true;
    return module.visible.has(token) || this.visibility.everywhere.has(token);
  }

  private isProvided(token: ServiceIdentifier): boolean {
    return (
      token === Context ||
      this.requestTokens.has(token) ||
      this.classOf.has(token) ||
      this.root.isBound(token)
    );
  }
}

/** inversify's reading of a class; when it refuses one, the reason in words a user can act on. */
function classMetadataOf(
  type: ClassType,
  subject: string,
  route: string,
): ReturnType<typeof getClassMetadata> {
  const paramTypes = Reflect.getMetadata('design:paramtypes', type) as unknown[] | undefined;
  let refusal: unknown;
  try {
    const metadata = getClassMetadata(type as never);
    if (type.length <= metadata.constructorArguments.length) return metadata;
  } catch (error) {
    refusal = error;
  }
  if (paramTypes === undefined) {
    throw new DependencyResolutionError(
      subject,
      'design:paramtypes',
      `${subject} cannot be built: ${route} takes ${type.length} constructor parameters but ${EMIT_DECORATOR_METADATA_HINT}, or mark each parameter with @inject(TOKEN)`,
    );
  }
  const untyped = paramTypes.findIndex((paramType) => NO_RUNTIME_TOKEN.includes(paramType));
  if (untyped >= 0) throw noRuntimeToken(subject, route, `constructor parameter ${untyped + 1}`);
  throw refusal;
}

function noRuntimeToken(subject: string, route: string, where: string): DependencyResolutionError {
  return new DependencyResolutionError(
    subject,
    'Object',
    `${subject} cannot be built: ${route} has no runtime token for ${where} (an interface, a union or a type-only import leaves none); inject it with @inject(TOKEN) and add TOKEN to providers`,
  );
}

function dependenciesOf(type: ClassType, subject: string, route: string): Dependency[] {
  const metadata = classMetadataOf(type, subject, route);
  const dependencies: Dependency[] = [];
  metadata.constructorArguments.forEach((argument, index) => {
    const token = injectedToken(argument);
    if (token !== null) dependencies.push({ token, where: `constructor parameter ${index + 1}` });
  });
  for (const [property, element] of metadata.properties) {
    const token = injectedToken(element);
    if (token !== null) dependencies.push({ token, where: `property ${String(property)}` });
  }
  return dependencies;
}

/** The token an element injects, or `null` when nothing must be provided for it. */
function injectedToken(element: unknown): ServiceIdentifier | null {
  const managed = element as {
    kind: ClassElementMetadataKind;
    optional?: boolean;
    value?: unknown;
  };
  if (managed.kind === ClassElementMetadataKind.unmanaged || managed.optional) return null;
  if (managed.kind === ClassElementMetadataKind.multipleInjection) return null;
  if (managed.kind !== ClassElementMetadataKind.singleInjection) return null;
  const value = managed.value as { unwrap?: () => ServiceIdentifier } | ServiceIdentifier | undefined;
  if (value && typeof value === 'object' && typeof value.unwrap === 'function') return value.unwrap();
  return value as ServiceIdentifier;
}

function injectsOf(injects: readonly ServiceIdentifier[]): Dependency[] {
  return injects.map((token, index) => ({ token, where: `inject[${index}] of its factory` }));
}

/** `it` for the subject itself, else the chain of classes that leads to the one in need. */
function describeRoute(path: readonly string[], type: ClassType): string {
  return path.length === 0 ? 'it' : [...path, type.name].join(' → ');
}
