import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { isRecord } from '../shared/is-record.js';
import type { StandardJsonSchema, StandardSchema } from './standard-schema.js';

/** The dialect MCP uses, and the one every Standard JSON Schema library is asked for. */
const TARGET = { target: 'draft-2020-12' } as const;
/**
 * For a form: what JSON Schema cannot describe (a Zod `Date`) is written as `{}`, so the flat-form
 * check can name the property, rather than the library failing on the whole schema.
 */
const FORM_TARGET = { ...TARGET, libraryOptions: { unrepresentable: 'any' } } as const;

/** What to do when a library's schema cannot describe itself, by vendor. */
function missingConverterAdvice(vendor: string): string {
  if (vendor === 'zod') {
    return 'this Zod version has no `~standard.jsonSchema`: Elicitor needs zod 4.2 or later (zod 3 is not supported)';
  }
  if (vendor === 'valibot') {
    return 'a Valibot schema needs wrapping: `toStandardJsonSchema(schema)` from `@valibot/to-json-schema`';
  }
  return `the ${vendor} schema has no \`~standard.jsonSchema\`: wrap it with its library's Standard JSON Schema converter`;
}

/**
 * The JSON Schema of a Standard Schema's input or output, from the library's own converter
 * (`~standard.jsonSchema`). `owner` names the schema in errors (`Tool book_room arguments`, a form's
 * title). Throws `SchemaDefinitionError` when the library has no converter or its converter refuses.
 */
export function readStandardJsonSchema(
  schema: StandardSchema,
  owner: string,
  side: 'input' | 'output',
  purpose: 'schema' | 'form' = 'schema',
): Record<string, unknown> {
  const props = (schema as Partial<StandardJsonSchema>)['~standard']!;
  const converter = props.jsonSchema;
  if (!converter || typeof converter[side] !== 'function') {
    throw new SchemaDefinitionError(owner, undefined, missingConverterAdvice(props.vendor));
  }
  let json: unknown;
  try {
    json = converter[side](purpose === 'form' ? FORM_TARGET : TARGET);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SchemaDefinitionError(
      owner,
      undefined,
      `${props.vendor} cannot describe it as JSON Schema: ${reason}`,
    );
  }
  if (!isRecord(json)) {
    throw new SchemaDefinitionError(
      owner,
      undefined,
      `${props.vendor} described it as something other than an object`,
    );
  }
  return json;
}
