import 'reflect-metadata';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { FieldMetadataStore } from '../metadata/field-metadata.store.js';
import type { FieldMetadata } from '../metadata/field.metadata.js';
import type { ClassType } from '../metadata/class-type.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { validationRulesOf, type ValidationRule } from './class-validator.adapter.js';
import { mergeDeclarationOrder } from './declaration-order.js';

/** Everything recorded about one property, from every library that may have said something. */
export interface FieldSource {
  readonly name: string;
  readonly field: FieldMetadata | undefined;
  readonly rules: readonly ValidationRule[];
  /** `design:type`; `undefined` when the compiler emitted no decorator metadata. */
  readonly designType: unknown;
  /** class-transformer's `@Type(() => X)`, if any. */
  readonly transformerType: { readonly resolve: () => unknown; readonly discriminated: boolean } | undefined;
  /** The value a no-argument `new Class()` leaves in the property. */
  readonly initialValue: unknown;
}

export interface ClassFieldSources {
  readonly className: string;
  readonly fields: readonly FieldSource[];
  /** Properties with neither `@Field()` nor a rule: each a refusal, reported with the others. */
  readonly undecorated: readonly SchemaDefinitionError[];
}

const cache = new WeakMap<ClassType, ClassFieldSources>();

function classChain(cls: ClassType): ClassType[] {
  const chain: ClassType[] = [];
  for (let current: unknown = cls; typeof current === 'function' && current !== Function.prototype;) {
    chain.unshift(current as ClassType);
    current = Object.getPrototypeOf(current);
  }
  return chain;
}

function instantiate(cls: ClassType): Record<string, unknown> {
  try {
    return new cls() as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SchemaDefinitionError(
      cls.name,
      undefined,
      `must be constructible without arguments (${reason})`,
    );
  }
}

/**
 * The fields of a class, in declaration order, base class first. A field is a property with
 * `@Field()` or any class-validator rule. Cached: the class is read once.
 */
export function readClassFields(cls: ClassType): ClassFieldSources {
  const cached = cache.get(cls);
  if (cached) return cached;

  const rules = validationRulesOf(cls, false);
  const fieldMetadata = FieldMetadataStore.read(cls);
  const instance = instantiate(cls);
  const instanceKeys = Object.keys(instance);

  const perClassOrder = classChain(cls).flatMap((declaringClass) =>
    mergeDeclarationOrder([
      [...FieldMetadataStore.readOwn(declaringClass).keys()],
      rules.filter((rule) => rule.target === declaringClass).map((rule) => rule.propertyName),
    ]),
  );
  const names = mergeDeclarationOrder([perClassOrder]);
  const declaredKeys = instanceKeys.filter((key) => names.includes(key));
  // Field initialisers (ES2022 class fields) give the exact order; decorator records are the fallback.
  const ordered = declaredKeys.length === names.length ? declaredKeys : names;

  const undecorated = instanceKeys
    .filter((key) => !names.includes(key))
    .map(
      (key) =>
        new SchemaDefinitionError(
          cls.name,
          key,
          'has neither @Field() nor a class-validator rule, so no schema would mention it; decorate it or remove it',
        ),
    );

  const fields = ordered.map((name): FieldSource => {
    const typeMetadata = defaultMetadataStorage.findTypeMetadata(cls, name);
    return {
      name,
      field: fieldMetadata.get(name),
      rules: rules.filter((rule) => rule.propertyName === name),
      designType: Reflect.getMetadata('design:type', cls.prototype as object, name),
      transformerType: typeMetadata
        ? {
            resolve: () => typeMetadata.typeFunction({ newObject: {}, object: {}, property: name }),
            discriminated: Boolean(typeMetadata.options?.discriminator),
          }
        : undefined,
      initialValue: instance[name],
    };
  });

  const result: ClassFieldSources = { className: cls.name, fields, undecorated };
  cache.set(cls, result);
  return result;
}
