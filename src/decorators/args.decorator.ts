import type { StandardSchemaV1 } from '@standard-schema/spec';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import { appendMethodList } from '../metadata/metadata-reader.js';
import type { ParameterMetadata } from '../metadata/parameter.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/**
 * The parameter receives the call's arguments: turned into its DTO class and validated, or, given a
 * Standard Schema (`@Args(BookingArgs)` with a Zod, Valibot or ArkType schema), validated by it and
 * given as its output; type the parameter as that output (`z.output<typeof BookingArgs>`).
 */
export function Args(schema?: StandardSchemaV1): ParameterDecorator {
  return legacyDecorator<ParameterDecorator>('@Args()', (prototype, propertyKey, index) => {
    if (propertyKey === undefined) throw new Error('@Args() belongs on a handler method parameter');
    appendMethodList<ParameterMetadata>(MetadataKeys.parameters, prototype, propertyKey, {
      index,
      kind: 'args',
      ...(schema !== undefined ? { schema } : {}),
    });
  });
}
