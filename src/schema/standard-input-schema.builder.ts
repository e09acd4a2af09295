import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import type { JsonSchemaObject } from './json-schema.js';
import { readStandardJsonSchema } from './standard-json-schema.reader.js';
import type { StandardSchema } from './standard-schema.js';

const caches = { input: new WeakMap<StandardSchema, JsonSchemaObject>(), output: new WeakMap() };

/**
 * A tool's `inputSchema` (side `input`) or `outputSchema` (side `output`) from a Standard Schema, as its
 * library converts it; only `$schema` is dropped, since MCP's default dialect is the one asked for.
 * Built once per schema, at bootstrap, and frozen. The schema must describe an object.
 */
export function buildStandardObjectSchema(
  schema: StandardSchema,
  owner: string,
  side: 'input' | 'output' = 'input',
): JsonSchemaObject {
  const cache = caches[side] as WeakMap<StandardSchema, JsonSchemaObject>;
  const cached = cache.get(schema);
  if (cached) return cached;
  const { $schema: _dialect, ...json } = readStandardJsonSchema(schema, owner, side);
  if (json.type !== 'object') {
    throw new SchemaDefinitionError(
      owner,
      undefined,
      'must be an object schema (`z.object`, `v.object`, `type({...})`)',
    );
  }
  const built = deepFreeze(json) as unknown as JsonSchemaObject;
  cache.set(schema, built);
  return built;
}
