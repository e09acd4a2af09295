/** Which value a handler parameter receives. */
export type ParameterKind = 'args' | 'ctx';

export interface ParameterMetadata {
  index: number;
  kind: ParameterKind;
}
