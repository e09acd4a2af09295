import type { JsonSchema } from './json-schema.js';

const COMMON = ['type', 'title', 'description', 'default'];
const FORMATS = ['email', 'uri', 'date', 'date-time'];

/** The keys each PrimitiveSchemaDefinition variant of the 2026-07-28 form subset allows. */
function allowedKeys(schema: JsonSchema): readonly string[] | string {
  switch (schema.type) {
    case 'string':
      if (schema.oneOf) return [...COMMON, 'oneOf'];
      if (schema.enum) return [...COMMON, 'enum', 'enumNames'];
      return [...COMMON, 'minLength', 'maxLength', 'format'];
    case 'number':
    case 'integer':
      return [...COMMON, 'minimum', 'maximum'];
    case 'boolean':
      return COMMON;
    case 'array': {
      const items = schema.items ?? {};
      const itemKeys = Object.keys(items).sort().join(',');
      if (itemKeys !== 'enum,type' && itemKeys !== 'anyOf') return 'an array must be an enum multi-select';
      if (itemKeys === 'enum,type' && items.type !== 'string') return 'multi-select items must be strings';
      return [...COMMON, 'items', 'minItems', 'maxItems'];
    }
    default:
      return `type ${JSON.stringify(schema.type)} is not a form field type`;
  }
}

/**
 * Why a property schema is not one of the eight PrimitiveSchemaDefinition variants of the
 * 2026-07-28 elicitation form subset, or `undefined` when it is. Also useful for hand-written schemas.
 */
export function primitiveSchemaProblem(schema: JsonSchema): string | undefined {
  const allowed = allowedKeys(schema);
  if (typeof allowed === 'string') return allowed;
  const extra = Object.keys(schema).find((key) => !allowed.includes(key));
  if (extra) return `\`${extra}\` is not part of the elicitation form subset`;
  if (schema.format !== undefined && !FORMATS.includes(schema.format)) {
    return `format "${schema.format}" is not allowed in a form`;
  }
  if (schema.enum?.some((value) => typeof value !== 'string')) return 'form enums carry string values only';
  return undefined;
}
