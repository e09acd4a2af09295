/** A JSON value, as it travels on the wire. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The JSON Schema 2020-12 keywords Elicitor emits, and nothing else. Type aliases keep it JSON-assignable. */
export type JsonSchema = {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  description?: string;
  default?: JsonValue;
  properties?: { [name: string]: JsonSchema };
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  enum?: (string | number)[];
  enumNames?: string[];
  oneOf?: { const: string; title: string }[];
  anyOf?: { const: string; title: string }[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** A tool's `inputSchema`: an object schema that refuses unknown properties. */
export type JsonSchemaObject = JsonSchema & {
  $schema?: string;
  type: 'object';
  properties: { [name: string]: JsonSchema };
  additionalProperties: false;
};
