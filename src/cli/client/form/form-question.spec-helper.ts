import type { FormChoice } from './form-question.types.js';

/** Choices for a test: a list when each value is its own label, else an object of value → label. */
export function choices(entries: readonly string[] | Readonly<Record<string, string>>): FormChoice[] {
  return Array.isArray(entries)
    ? entries.map((value: string) => ({ value, label: value }))
    : Object.entries(entries).map(([value, label]) => ({ value, label }));
}
