/** One choice of a single or multi select: the value sent back and the label shown. */
export interface Choice {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  label: string;
  description?: string | undefined;
  required: boolean;
}

export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

/** One field of a flat elicitation form, in the shapes the MCP spec allows. */
export type FieldSpec =
  | (FieldBase & {
      kind: 'text';
      format?: StringFormat | undefined;
      minLength?: number | undefined;
      maxLength?: number | undefined;
      pattern?: string | undefined;
      default?: string | undefined;
    })
  | (FieldBase & {
      kind: 'number';
      integer: boolean;
      minimum?: number | undefined;
      maximum?: number | undefined;
      default?: number | undefined;
    })
  | (FieldBase & { kind: 'boolean'; default?: boolean | undefined })
  | (FieldBase & { kind: 'select'; choices: Choice[]; default?: string | undefined })
  | (FieldBase & {
      kind: 'multiselect';
      choices: Choice[];
      minItems?: number | undefined;
      maxItems?: number | undefined;
      default?: string[] | undefined;
    });

type Json = Record<string, unknown>;

const FORMATS: readonly string[] = ['email', 'uri', 'date', 'date-time'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The titled `oneOf`/`anyOf` list, the plain `enum` (with the legacy `enumNames`), or nothing. */
function choicesOf(schema: Json): Choice[] | undefined {
  const titled = Array.isArray(schema.oneOf) ? schema.oneOf : schema.anyOf;
  if (Array.isArray(titled)) {
    return titled.filter(isObject).map((option) => ({
      value: String(option.const),
      label: stringOf(option.title) ?? String(option.const),
    }));
  }
  if (!Array.isArray(schema.enum)) return undefined;
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  return schema.enum.map((value, index) => ({
    value: String(value),
    label: stringOf(names[index]) ?? String(value),
  }));
}

function fieldOf(name: string, schema: Json, required: boolean): FieldSpec {
  const base = {
    name,
    label: stringOf(schema.title) ?? name,
    description: stringOf(schema.description),
    required,
  };
  if (schema.type === 'array') {
    const items = isObject(schema.items) ? schema.items : {};
    const fallback = Array.isArray(schema.default) ? schema.default.map(String) : undefined;
    return {
      ...base,
      kind: 'multiselect' as const,
      choices: choicesOf(items) ?? [],
      minItems: numberOf(schema.minItems),
      maxItems: numberOf(schema.maxItems),
      default: fallback,
    };
  }
  if (schema.type === 'boolean') {
    const fallback = typeof schema.default === 'boolean' ? schema.default : undefined;
    return { ...base, kind: 'boolean' as const, default: fallback };
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    return {
      ...base,
      kind: 'number' as const,
      integer: schema.type === 'integer',
      minimum: numberOf(schema.minimum),
      maximum: numberOf(schema.maximum),
      default: numberOf(schema.default),
    };
  }
  const choices = choicesOf(schema);
  if (choices) return { ...base, kind: 'select' as const, choices, default: stringOf(schema.default) };
  const format = stringOf(schema.format);
  return {
    ...base,
    kind: 'text' as const,
    format: format && FORMATS.includes(format) ? (format as StringFormat) : undefined,
    minLength: numberOf(schema.minLength),
    maxLength: numberOf(schema.maxLength),
    pattern: stringOf(schema.pattern),
    default: stringOf(schema.default),
  };
}

/** The fields of a flat `requestedSchema`, in the order its `properties` list them. */
export function fieldsOf(requestedSchema: unknown): FieldSpec[] {
  if (!isObject(requestedSchema) || !isObject(requestedSchema.properties)) return [];
  const required = Array.isArray(requestedSchema.required) ? requestedSchema.required : [];
  return Object.entries(requestedSchema.properties)
    .filter((entry): entry is [string, Json] => isObject(entry[1]))
    .map(([name, schema]) => fieldOf(name, schema, required.includes(name)));
}
