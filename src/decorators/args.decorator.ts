import { MetadataKeys } from '../metadata/metadata-keys.js';
import { appendMethodList } from '../metadata/metadata-reader.js';
import type { ParameterMetadata } from '../metadata/parameter.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/** The parameter receives the call's arguments, turned into its DTO class and validated. */
export function Args(): ParameterDecorator {
  return legacyDecorator<ParameterDecorator>('@Args()', (prototype, propertyKey, index) => {
    if (propertyKey === undefined) throw new Error('@Args() belongs on a handler method parameter');
    appendMethodList<ParameterMetadata>(MetadataKeys.parameters, prototype, propertyKey, {
      index,
      kind: 'args',
    });
  });
}
