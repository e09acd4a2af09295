/** The one sentence every "no decorator metadata" error ends with, wherever the metadata was missing. */
export const EMIT_DECORATOR_METADATA_HINT =
  'the compiler emitted no decorator metadata; set "emitDecoratorMetadata": true (with "experimentalDecorators": true) in tsconfig.json';
