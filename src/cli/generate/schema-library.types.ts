/** What `elicitor generate` declares schemas with: class-validator classes, or Zod (`--schema zod`). */
export type SchemaLibrary = 'class' | 'zod';

export const SCHEMA_LIBRARIES: readonly SchemaLibrary[] = ['class', 'zod'];
