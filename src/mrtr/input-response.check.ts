import type { InputKind } from './call-state.js';
import { isRecord } from '../shared/is-record.js';

const ELICIT_ACTIONS = new Set(['accept', 'decline', 'cancel']);

function isContentValue(value: unknown): boolean {
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return true;
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Why an `inputResponses` entry does not have the shape its kind needs, or undefined when it does. */
export function describeMalformedResponse(kind: InputKind, response: unknown): string | undefined {
  if (!isRecord(response)) return 'must be an object';
  if (kind === 'elicit') {
    if (typeof response.action !== 'string' || !ELICIT_ACTIONS.has(response.action)) {
      return 'must have an action of accept, decline or cancel';
    }
    if (response.content === undefined) return undefined;
    if (!isRecord(response.content) || !Object.values(response.content).every(isContentValue)) {
      return 'content must be an object of strings, numbers, booleans or string arrays';
    }
    return undefined;
  }
  if (kind === 'sample') {
    if (
      typeof response.role !== 'string' ||
      (!isRecord(response.content) && !Array.isArray(response.content))
    ) {
      return 'must be a sampling result with role and content';
    }
    return typeof response.model === 'string' ? undefined : 'must name the model';
  }
  if (
    !Array.isArray(response.roots) ||
    !response.roots.every((root) => isRecord(root) && typeof root.uri === 'string')
  ) {
    return 'must be a roots result with a roots array of { uri }';
  }
  return undefined;
}
