import { ReplayValueError } from '../errors/replay-value.error.js';

const DATE_TAG = '~date';
const UNDEFINED_TAG = '~undefined';
const MAX_DEPTH = 64;

/**
 * `memo` and `once` values travel between rounds as JSON (in the sealed state and the store), so on
 * every era they are checked and copied the same way: JSON values pass, a `Date` is tagged and revived,
 * and anything JSON would silently change (a Map, a class instance, a BigInt, NaN) is refused with the
 * key and the path of the offending value.
 */
export function encodeReplayValue(value: unknown, label: string): unknown {
  if (value === undefined) return { [UNDEFINED_TAG]: true };
  return encode(value, label, 'value', 0);
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

function encode(value: unknown, label: string, path: string, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value;
      throw refused(label, path, `${String(value)}, which JSON turns into null`);
    case 'object':
      return value === null ? null : encodeObject(value, label, path, depth);
    default:
      throw refused(label, path, `a ${typeof value}`);
  }
}

function encodeObject(value: object, label: string, path: string, depth: number): unknown {
  if (depth >= MAX_DEPTH)
    throw refused(label, path, `a value nested deeper than ${MAX_DEPTH} levels (or cyclic)`);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw refused(label, path, 'an invalid Date');
    return { [DATE_TAG]: value.toISOString() };
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => {
      if (item === undefined)
        throw refused(label, `${path}[${index}]`, 'undefined, which JSON turns into null');
      return encode(item, label, `${path}[${index}]`, depth + 1);
    });
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null) {
    const kind = (value.constructor as { name?: string } | undefined)?.name || 'an object with a prototype';
    throw refused(label, path, `a ${kind}, which comes back as a plain object`);
  }
  const record = value as Record<string, unknown>;
  const tag = soleKey(record);
  if (tag === DATE_TAG || tag === UNDEFINED_TAG)
    throw refused(label, path, `an object whose only key is "${tag}", which is reserved`);
  const copy: Record<string, unknown> = {};
  for (const key in record) {
    if (!Object.hasOwn(record, key) || record[key] === undefined) continue;
    copy[key] = encode(record[key], label, `${path}.${key}`, depth + 1);
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
