import { digestOf } from './digest.js';

/** Short digests of the parts of a question, by a readable name of each part. */
export type QuestionParts = Record<string, string>;

const PART_DIGEST_CHARS = 8;

const partDigest = (value: unknown): string => digestOf(value ?? null).slice(0, PART_DIGEST_CHARS);

/**
 * Splits a question (`{ method, params }`) into parts that can be named when it changes: the message,
 * the URL, each schema field, the required list; other kinds of input by their parameters.
 */
export function questionParts(request: { method: string; params?: Record<string, unknown> }): QuestionParts {
  const params = request.params ?? {};
  const parts: QuestionParts = {};
  const schema = params.requestedSchema as
    { properties?: Record<string, unknown>; required?: unknown } | undefined;
  for (const name of Object.keys(params).sort()) {
    if (name === 'requestedSchema') continue;
    parts[name === 'url' ? 'the URL' : `the ${name}`] = partDigest(params[name]);
  }
  if (schema) {
    for (const field of Object.keys(schema.properties ?? {}).sort())
      parts[`the schema field "${field}"`] = partDigest(schema.properties![field]);
    parts['the required fields'] = partDigest(schema.required);
  }
  return parts;
}

/** The names of the parts that differ between two questions (added or removed parts included). */
export function changedParts(before: QuestionParts, after: QuestionParts): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]);
}
