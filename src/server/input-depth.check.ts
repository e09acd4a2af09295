import { InvalidParamsError } from '../errors/invalid-params.error.js';

/**
 * Deepest nesting accepted in a call's `arguments` and `inputResponses`. Real arguments and answers are
 * shallow (forms are flat); the limit keeps digests and validation away from the deep values a hostile
 * client can send.
 */
export const MAX_INPUT_DEPTH = 64;

/** Refuses a value nested deeper than {@link MAX_INPUT_DEPTH} levels as invalid params, naming the field. */
export function checkInputDepth(value: unknown, field: string): void {
  if (typeof value === 'object' && value !== null && exceeds(value, 1)) {
    throw new InvalidParamsError(`${field} is nested deeper than ${MAX_INPUT_DEPTH} levels`, {
      reason: 'too_deep',
      field,
      maxDepth: MAX_INPUT_DEPTH,
    });
  }
}

function exceeds(value: object, depth: number): boolean {
  if (depth > MAX_INPUT_DEPTH) return true;
  if (Array.isArray(value)) {
    for (const item of value)
      if (typeof item === 'object' && item !== null && exceeds(item, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (typeof item === 'object' && item !== null && exceeds(item, depth + 1)) return true;
  }
  return false;
}
