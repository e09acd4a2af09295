import { MetadataKeys } from '../metadata/metadata-keys.js';
import { appendMethodList } from '../metadata/metadata-reader.js';
import type { ParameterMetadata } from '../metadata/parameter.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/** The parameter receives the request-scoped `Context`. */
export function Ctx(): ParameterDecorator {
  return legacyDecorator<ParameterDecorator>('@Ctx()', (prototype, propertyKey, index) => {
    if (propertyKey === undefined) throw new Error('@Ctx() belongs on a handler method parameter');
    appendMethodList<ParameterMetadata>(MetadataKeys.parameters, prototype, propertyKey, {
      index,
      kind: 'ctx',
    });
  });
}
