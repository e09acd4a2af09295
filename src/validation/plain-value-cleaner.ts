import { buildClassModel, type ClassModel } from '../schema/class-model.builder.js';
import { isRecord } from '../shared/is-record.js';

function cleanValue(value: unknown, nested: ClassModel | undefined): unknown {
  if (!nested) return value;
  if (Array.isArray(value)) return value.map((item) => cleanValue(item, nested));
  return isRecord(value) ? cleanPlainObject(nested, value) : value;
}

/**
 * A copy holding only the class's fields, without `null`s (absent, for optional fields), at every
 * nesting level. Unknown keys, `__proto__` included, never reach class-transformer. `cleaned` receives the
 * top level's fields, in the class's order (an instance of the class, rather than a copy to assign).
 */
export function cleanPlainObject(
  model: ClassModel,
  plain: Record<string, unknown>,
  cleaned: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const field of model.fields) {
    if (!Object.hasOwn(plain, field.name)) continue;
    const value = plain[field.name];
    if (value === null || value === undefined) continue;
    const nested =
      field.convertTo && field.convertTo !== Date ? buildClassModel(field.convertTo, 'input') : undefined;
    cleaned[field.name] = cleanValue(value, nested);
  }
  return cleaned;
}
