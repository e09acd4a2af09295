import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ClassType } from './class-type.js';

/** A form listed in `forms`: an `@ElicitSchema()` class, or a Standard Schema (Zod, Valibot, ArkType). */
export type DeclaredForm = ClassType | StandardSchemaV1;
