/** What `@ElicitSchema()` accepts. Not sent in the form schema; available to whoever builds the request. */
export interface ElicitSchemaOptions {
  title?: string;
  description?: string;
}

/** What `@ElicitSchema()` recorded on a class. */
export type ElicitSchemaMetadata = Readonly<ElicitSchemaOptions>;
