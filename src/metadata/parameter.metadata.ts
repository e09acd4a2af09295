import type { StandardSchemaV1 } from '@standard-schema/spec';

/** Which value a handler parameter receives. */
export type ParameterKind = 'args' | 'ctx';

export interface ParameterMetadata {
  index: number;
  kind: ParameterKind;
  /** `@Args(schema)`: the Standard Schema the arguments are validated with, instead of the parameter's class. */
  schema?: StandardSchemaV1;
}
