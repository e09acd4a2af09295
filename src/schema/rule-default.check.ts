import type { ClassType } from '../metadata/class-type.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { classValidatorNow, validationRulesOf } from './class-validator.adapter.js';
import type { FieldModel } from './field-schema-mapper.js';

/**
 * A default must also pass the class-validator rules the wire cannot carry (`@Matches`, custom
 * validators). Runs once at build time on a fresh instance holding the defaults.
 */
export function checkDefaultsAgainstRules(cls: ClassType, fields: readonly FieldModel[]): void {
  const defaulted = fields.filter((field) => field.schema.default !== undefined);
  // Without rules on the class nothing can break: class-validator is not even needed.
  if (defaulted.length === 0 || validationRulesOf(cls, true).length === 0) return;
  const instance = new cls() as Record<string, unknown>;
  for (const field of defaulted) {
    if (field.fillDefault === undefined) continue;
    const value = structuredClone(field.fillDefault);
    instance[field.name] = field.convertTo === Date && typeof value === 'string' ? new Date(value) : value;
  }
  const names = new Set(defaulted.map((field) => field.name));
  const errors = classValidatorNow().validateSync(instance, { forbidUnknownValues: false });
  const broken = errors.find((error) => names.has(error.property) && error.constraints);
  if (broken) {
    const [rule, message] = Object.entries(broken.constraints!)[0]!;
    throw new SchemaDefinitionError(
      cls.name,
      broken.property,
      `has default ${JSON.stringify(instance[broken.property])}, which breaks its own rules: ${message} (${rule})`,
    );
  }
}
