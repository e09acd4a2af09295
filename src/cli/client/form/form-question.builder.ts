import type { FormChoice, FormQuestion, TextFormat } from './form-question.types.js';

type JsonObject = Record<string, unknown>;

const TEXT_FORMATS: readonly string[] = ['email', 'uri', 'date', 'date-time'];

/**
 * Turns an elicitation `requestedSchema` into questions, in property order. It is
 * lenient: a property outside the spec's flat subset becomes an `unsupported`
 * question instead of an error, so a sloppy server still gets an answer.
 */
export function buildFormQuestions(requestedSchema: unknown): FormQuestion[] {
  if (!isObject(requestedSchema) || !isObject(requestedSchema.properties)) return [];
  const required = Array.isArray(requestedSchema.required) ? requestedSchema.required : [];
  return Object.entries(requestedSchema.properties).map(([name, property]) =>
    buildQuestion(name, property, required.includes(name)),
  );
}

function buildQuestion(name: string, property: unknown, required: boolean): FormQuestion {
  if (!isObject(property))
    return { kind: 'unsupported', name, label: name, required, reason: 'not a schema object' };
  const base = {
    name,
    label: typeof property.title === 'string' && property.title.trim() !== '' ? property.title : name,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    required,
  };
  switch (property.type) {
    case 'string': {
      const choices = singleSelectChoices(property);
      if (choices) {
        const fallback = typeof property.default === 'string' ? property.default : undefined;
        return { kind: 'select', ...base, choices, ...defaultAmong(choices, fallback) };
      }
      return {
        kind: 'text',
        ...base,
        ...(typeof property.format === 'string' && TEXT_FORMATS.includes(property.format)
          ? { format: property.format as TextFormat }
          : {}),
        ...bound('minLength', property.minLength),
        ...bound('maxLength', property.maxLength),
        ...(typeof property.default === 'string' ? { default: property.default } : {}),
      };
    }
    case 'number':
    case 'integer':
      return {
        kind: 'number',
        ...base,
        integer: property.type === 'integer',
        ...bound('minimum', property.minimum),
        ...bound('maximum', property.maximum),
        ...(typeof property.default === 'number' ? { default: property.default } : {}),
      };
    case 'boolean':
      return {
        kind: 'boolean',
        ...base,
        ...(typeof property.default === 'boolean' ? { default: property.default } : {}),
      };
    case 'array': {
      const choices = multiSelectChoices(property.items);
      if (!choices) return { kind: 'unsupported', ...base, reason: 'an array without enum items' };
      const values = new Set(choices.map((choice) => choice.value));
      const defaults = Array.isArray(property.default)
        ? property.default.filter((value): value is string => typeof value === 'string' && values.has(value))
        : undefined;
      return {
        kind: 'multiselect',
        ...base,
        choices,
        ...bound('minItems', property.minItems),
        ...bound('maxItems', property.maxItems),
        ...(defaults ? { default: defaults } : {}),
      };
    }
    default:
      return {
        kind: 'unsupported',
        ...base,
        reason: `type ${JSON.stringify(property.type ?? null)} is not a form field`,
      };
  }
}

/** Titled (`oneOf` of const/title), legacy titled (`enum` + `enumNames`) or untitled (`enum`). */
function singleSelectChoices(property: JsonObject): FormChoice[] | undefined {
  if (Array.isArray(property.oneOf)) return titledChoices(property.oneOf);
  if (!Array.isArray(property.enum)) return undefined;
  const values = property.enum.filter((value): value is string => typeof value === 'string');
  const names = Array.isArray(property.enumNames) ? property.enumNames : [];
  const useNames = names.length === values.length && names.every((name) => typeof name === 'string');
  return values.map((value, index) => ({ value, label: useNames ? (names[index] as string) : value }));
}

/** Untitled (`items.enum`) or titled (`items.anyOf`, or `items.oneOf` from lenient servers). */
function multiSelectChoices(items: unknown): FormChoice[] | undefined {
  if (!isObject(items)) return undefined;
  if (Array.isArray(items.anyOf)) return titledChoices(items.anyOf);
  if (Array.isArray(items.oneOf)) return titledChoices(items.oneOf);
  if (Array.isArray(items.enum)) {
    return items.enum
      .filter((value): value is string => typeof value === 'string')
      .map((value) => ({ value, label: value }));
  }
  return undefined;
}

function titledChoices(options: unknown[]): FormChoice[] {
  return options
    .filter((option): option is JsonObject => isObject(option) && typeof option.const === 'string')
    .map((option) => ({
      value: option.const as string,
      label: typeof option.title === 'string' ? option.title : (option.const as string),
    }));
}

function defaultAmong(choices: FormChoice[], value: string | undefined): { default?: string } {
  return value !== undefined && choices.some((choice) => choice.value === value) ? { default: value } : {};
}

function bound<K extends string>(key: K, value: unknown): Partial<Record<K, number>> {
  return typeof value === 'number' && Number.isFinite(value) ? ({ [key]: value } as Record<K, number>) : {};
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
