import { ClassElementMetadataKind, getClassMetadata } from '@inversifyjs/core';
import type { Container, ServiceIdentifier } from 'inversify';
import { Context } from '../context/context.js';
import type { ClassType } from '../metadata/class-type.js';

/** Builds one instance for one request from its Context; dependencies other than Context are fixed. */
export type FastFactory<T> = (context: Context) => T;

/**
 * Works out, at bootstrap, which classes can be built per request without a child container: classes
 * whose constructor only takes `Context` and app-wide values (singletons, constants), with no property
 * injection or lifecycle hooks. Their dependencies are resolved once from the root; the result is the
 * same object graph a child container would build, for a fraction of the cost. Anything else (request
 * or transient dependencies, named/tagged/optional injection) keeps the child container.
 */
export class InstantiationPlanner {
  constructor(
    private readonly root: Container,
    private readonly appWide: ReadonlySet<ServiceIdentifier>,
  ) {}

  factoryFor<T>(type: ClassType<T>): FastFactory<T> | undefined {
    const metadata = getClassMetadata(type as never);
    if (metadata.properties.size > 0) return undefined;
    if (
      metadata.lifecycle.postConstructMethodNames.size > 0 ||
      metadata.lifecycle.preDestroyMethodNames.size > 0
    ) {
      return undefined;
    }
    const slots: Array<{ context: true } | { value: unknown }> = [];
    for (const argument of metadata.constructorArguments) {
      if (argument.kind !== ClassElementMetadataKind.singleInjection) return undefined;
      if (argument.name !== undefined || argument.optional || argument.tags.size > 0) return undefined;
      const identifier = argument.value as ServiceIdentifier;
      if (identifier === Context) slots.push({ context: true });
      else if (this.appWide.has(identifier)) slots.push({ value: this.root.get(identifier) });
      else return undefined;
    }
    const Type = type as unknown as new (...args: unknown[]) => T;
    if (slots.length === 0) return () => new Type();
    return (context) => new Type(...slots.map((slot) => ('context' in slot ? context : slot.value)));
  }
}
