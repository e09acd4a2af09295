import { ReplayValueError } from '../errors/replay-value.error.js';
import { findUnfaithfulJson } from './json-faithfulness.check.js';
import type { JsonFaithfulnessRules } from './json-faithfulness.check.js';

const DATE_TAG = '~date';
const UNDEFINED_TAG = '~undefined';
const MAX_DEPTH = 64;

/** memo's rule: JSON values and Dates, and no class instance, which would come back without its class. */
const REPLAY_RULES: JsonFaithfulnessRules = {
  root: 'value',
  maxDepth: MAX_DEPTH,
  // Its values must come back as they were: an object that stands for something else would not.
  honoursToJson: false,
  instance: (value) => {
    const kind = (value.constructor as { name?: string } | undefined)?.name || 'an object with a prototype';
    return { refused: `a ${kind}, which comes back as a plain object` };
  },
};

/**
 * `memo` and `once` values travel between rounds as JSON (in the sealed state and the store), so on
 * every era they are checked and copied the same way: JSON values pass, a `Date` is tagged and revived,
 * and anything JSON would silently change (a Map, a class instance, a BigInt, NaN) is refused with the
 * key and the path of the offending value.
 */
export function encodeReplayValue(value: unknown, label: string): unknown {
  if (value === undefined) return { [UNDEFINED_TAG]: true };
  const issue = findUnfaithfulJson(value, REPLAY_RULES);
  if (issue) throw refused(label, issue.path, issue.what);
  return encode(value, label, 'value');
}

/** The value as the handler sees it in every round: a fresh copy, with `Date`s revived. */
export function decodeReplayValue(encoded: unknown): unknown {
  if (typeof encoded !== 'object' || encoded === null) return encoded;
  if (Array.isArray(encoded)) return encoded.map(decodeReplayValue);
  const record = encoded as Record<string, unknown>;
  const tag = soleKey(record);
  if (tag === DATE_TAG) return new Date(record[DATE_TAG] as string);
  if (tag === UNDEFINED_TAG) return undefined;
  const copy: Record<string, unknown> = {};
  for (const key in record) if (Object.hasOwn(record, key)) copy[key] = decodeReplayValue(record[key]);
  return copy;
}

/** A copy of a checked value (JSON values, plain objects and valid Dates only), with its Dates tagged. */
function encode(value: unknown, label: string, path: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return { [DATE_TAG]: value.toISOString() };
  if (Array.isArray(value)) return value.map((item, index) => encode(item, label, `${path}[${index}]`));
  const record = value as Record<string, unknown>;
  const tag = soleKey(record);
  if (tag === DATE_TAG || tag === UNDEFINED_TAG)
    throw refused(label, path, `an object whose only key is "${tag}", which is reserved`);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (record[key] !== undefined) copy[key] = encode(record[key], label, `${path}.${key}`);
  }
  return copy;
}

function soleKey(record: Record<string, unknown>): string | undefined {
  let only: string | undefined;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (only !== undefined) return undefined;
    only = key;
  }
  return only;
}

function refused(label: string, path: string, what: string): ReplayValueError {
  return new ReplayValueError(
    `${label} returned ${what} at ${path}. Values carried between rounds must be JSON (objects, arrays, strings, finite numbers, booleans, null) or a Date: convert it first (a Map with Object.fromEntries, a class instance to a plain object).`,
  );
}
