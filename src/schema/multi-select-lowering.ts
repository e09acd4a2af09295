import type { BooleanSchema, PrimitiveSchemaDefinition } from '@modelcontextprotocol/server';
import { SchemaLoweringError } from '../errors/schema-lowering.error.js';

/** One multi-select asked as one boolean per option, and how to read it back. */
export interface MultiSelectExpansion {
  readonly field: string;
  /** Label used in the re-ask message: the field's title, else its name. */
  readonly label: string;
  /** The boolean property asked for each option, in option order. */
  readonly options: ReadonlyArray<{
    readonly property: string;
    readonly value: string;
    readonly title: string;
  }>;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
}

type MultiSelect = {
  title?: string;
  description?: string;
  minItems?: number;
  maxItems?: number;
  default?: string[];
  items: { enum?: string[]; anyOf?: Array<{ const: string; title: string }> };
};

function optionsOf(name: string, schema: MultiSelect): Array<{ value: string; title: string }> {
  if (schema.items.anyOf)
    return schema.items.anyOf.map((option) => ({ value: option.const, title: option.title }));
  if (schema.items.enum) return schema.items.enum.map((value) => ({ value, title: value }));
  throw new SchemaLoweringError(
    name,
    '2025-06-18',
    'an array field needs string choices to be asked as booleans',
  );
}

/** `tags__0`, `tags__1`…; a suffix keeps them apart from any property the form already has. */
function freshName(base: string, taken: Set<string>): string {
  let name = base;
  for (let attempt = 2; taken.has(name); attempt++) name = `${base}_${attempt}`;
  taken.add(name);
  return name;
}

/**
 * A multi-select as booleans for 2025-06-18, which has no array fields: each option becomes a
 * checkbox titled with the option's title, described with the field's title or description so the
 * user knows which question it belongs to. The field's default ticks its options; others start unticked.
 */
export function expandMultiSelect(
  name: string,
  property: PrimitiveSchemaDefinition,
  taken: Set<string>,
): { expansion: MultiSelectExpansion; properties: Record<string, BooleanSchema> } {
  const schema = property as unknown as MultiSelect;
  const chosen = new Set(schema.default ?? []);
  const context = schema.title ?? schema.description;
  const properties: Record<string, BooleanSchema> = {};
  const options = optionsOf(name, schema).map((option, index) => {
    const propertyName = freshName(`${name}__${index}`, taken);
    properties[propertyName] = {
      type: 'boolean',
      title: option.title,
      ...(context ? { description: context } : {}),
      default: chosen.has(option.value),
    };
    return { property: propertyName, value: option.value, title: option.title };
  });
  return {
    expansion: {
      field: name,
      label: schema.title ?? name,
      options,
      minItems: schema.minItems,
      maxItems: schema.maxItems,
    },
    properties,
  };
}

/**
 * The answer as the handler expects it: each expanded field back as the array of ticked values
 * (option order), its booleans removed. `problem` says why the count is out of bounds, for a re-ask.
 */
export function assembleMultiSelects(
  content: Record<string, unknown>,
  expansions: readonly MultiSelectExpansion[],
): { content: Record<string, unknown>; problem?: string } {
  const assembled = { ...content };
  const problems: string[] = [];
  for (const expansion of expansions) {
    const picked = expansion.options.filter((option) => content[option.property] === true);
    for (const option of expansion.options) delete assembled[option.property];
    assembled[expansion.field] = picked.map((option) => option.value);
    const problem = countProblem(expansion, picked.length);
    if (problem) problems.push(problem);
  }
  return problems.length ? { content: assembled, problem: problems.join('; ') } : { content: assembled };
}

function countProblem(expansion: MultiSelectExpansion, count: number): string | undefined {
  const { minItems, maxItems, label } = expansion;
  const choices = expansion.options.map((option) => option.title).join(', ');
  const ticked = `you ticked ${count}`;
  if (minItems !== undefined && count < minItems) {
    return `${label}: tick at least ${minItems} of ${choices} (${ticked})`;
  }
  if (maxItems !== undefined && count > maxItems) {
    return `${label}: tick at most ${maxItems} of ${choices} (${ticked})`;
  }
  return undefined;
}
