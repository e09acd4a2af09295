import type * as Sdk from '@modelcontextprotocol/server';
import type { ClassType } from './class-type.js';

/** One choice of a titled enum: the value sent back (`const`) and the label the user sees. */
export interface EnumOption {
  const: string;
  title: string;
}

/** The five enum shapes of the 2026-07-28 form subset; `EnumSchema` builds them. */
export type EnumFieldSchema =
  | Sdk.UntitledSingleSelectEnumSchema
  | Sdk.TitledSingleSelectEnumSchema
  | Sdk.UntitledMultiSelectEnumSchema
  | Sdk.TitledMultiSelectEnumSchema
  | Sdk.LegacyTitledEnumSchema;

/** The string formats an elicitation form can carry. */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

/** A default a field can announce on the wire. */
export type FieldDefault = string | number | boolean | readonly string[];

/**
 * A lazily read type, so classes declared later in the file can be named.
 * Returns a class (nested object) or `String`, `Number`, `Boolean`, `Date`.
 */
export type FieldTypeReference = () => ClassType;

/** What `@Field()` accepts besides a ready-made `EnumSchema`. Every key is optional. */
export interface FieldOptions {
  title?: string | undefined;
  description?: string | undefined;
  /**
   * Announced as `default` and filled in when the value is absent, so the field is not required.
   * Must satisfy the field's own rules, and agree with a property initializer if there is one.
   */
  default?: FieldDefault | undefined;
  /** The field may be left out: not listed in `required`, and rules are skipped when it is absent. */
  optional?: boolean | undefined;
  /** Overrides the format a validator implies, e.g. `'date'` on a `Date` property. */
  format?: StringFormat | undefined;
  /** Tool arguments only: a regular expression. Forms cannot carry it and refuse it. */
  pattern?: string | undefined;
  /**
   * Choices: strings (untitled) or `{ const, title }` (titled). With `multiple: true` the field is a
   * multi-select (`string[]`); with `enumNames` it is the legacy titled shape.
   */
  enum?: readonly string[] | readonly EnumOption[] | undefined;
  /** Legacy display names, one per `enum` value. Prefer titled options. */
  enumNames?: readonly string[] | undefined;
  /** The user may pick several `enum` values; the property is a `string[]`. */
  multiple?: boolean | undefined;
  /**
   * Forms only: the choices are known only when asking (the files found, the accounts of this user), and
   * are given then, with `withSchema(Form, { choices: { field: [...] } })`. The answer is still checked
   * against exactly those choices. With `multiple: true` (or a `string[]` property) a multi-select.
   */
  runtimeChoices?: boolean | undefined;
  /** Multi-select or array bounds. */
  minItems?: number | undefined;
  maxItems?: number | undefined;
  /** The property's type when reflection cannot tell it, e.g. a nested class: `type: () => Address`. */
  type?: FieldTypeReference | undefined;
  /** The element type of an array property: `items: () => LineItem` or `items: () => String`. */
  items?: FieldTypeReference | undefined;
  /** A complete enum schema, as built by `EnumSchema`. `@Field(EnumSchema.x(...))` is the short form. */
  schema?: EnumFieldSchema | undefined;
}

/** What `@Field()` recorded for one property, with unset keys left out. */
export type FieldMetadata = Readonly<FieldOptions>;
