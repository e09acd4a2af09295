import { FieldMetadataStore } from '../metadata/field-metadata.store.js';
import type { EnumFieldSchema, FieldMetadata, FieldOptions } from '../metadata/field.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/** `EnumSchema` results carry a JSON `type` string; `FieldOptions.type` is a function, so they never clash. */
function isEnumFieldSchema(value: FieldOptions | EnumFieldSchema): value is EnumFieldSchema {
  return typeof (value as { type?: unknown }).type === 'string';
}

function withoutUnsetKeys(options: FieldOptions): FieldMetadata {
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as FieldMetadata;
}

/**
 * Declares a property as a field of an `@ElicitSchema()` form or of a tool's `@Args()` class.
 * It only records; schemas are built and checked once, at bootstrap.
 *
 * ```ts
 * @Field({ description: 'Your full name' }) @Length(1, 80) name!: string;
 * @Field({ enum: ['dev', 'prod'] }) env!: string;                          // untitled single select
 * @Field(EnumSchema.titledSingleSelect({ dev: 'Development', prod: 'Production' }, { default: 'dev' }))
 * env!: string;                                                             // any EnumSchema shape, as is
 * @Field({ type: () => Address }) @ValidateNested() address!: Address;     // tool arguments only
 * ```
 *
 * A field is required unless it has `@IsOptional()`, `@Field({ optional: true })`, or a default (an
 * absent value then takes the default); `@IsDefined()` keeps a field with a default required.
 */
export function Field(options: FieldOptions | EnumFieldSchema = {}): PropertyDecorator {
  const metadata = withoutUnsetKeys(isEnumFieldSchema(options) ? { schema: options } : options);
  return legacyDecorator<PropertyDecorator>('@Field()', (prototype, propertyKey) => {
    if (typeof prototype === 'function') {
      throw new TypeError('@Field() belongs on an instance property, not a static one');
    }
    if (typeof propertyKey !== 'string') throw new TypeError('@Field() needs a string property name');
    FieldMetadataStore.record(prototype.constructor, propertyKey, metadata);
  });
}
