import * as nodeCrypto from 'node:crypto';
import { numberText } from '../shared/number-text.js';

/** 22 base64url characters = 132 bits: ample against collisions, short enough to carry in every requestState. */
export const DIGEST_LENGTH = 22;

/** Deeper values are refused; this is also how a cycle is caught, without tracking every object. */
const MAX_DEPTH = 512;

/**
 * Digests of recent values, keyed by their plain `JSON.stringify` text. A multi-round call digests the same
 * arguments, binding and questions every round; the native stringify plus a map read is several times
 * cheaper than sorting keys in JS and hashing. Equal JSON text means equal canonical JSON, so a hit is exact.
 * Bounded in entries and in key length; the oldest entry goes first.
 */
const CACHE_ENTRIES = 4_096;
const CACHE_KEY_CHARS = 2_048;
const recentDigests = new Map<string, string>();

/**
 * A stable digest of a JSON-like value: sha256 over canonical JSON (object keys sorted recursively,
 * `undefined`, functions and symbols dropped from objects and written as `null` in arrays, `toJSON`
 * honoured), as base64url truncated to {@link DIGEST_LENGTH}. Two values that serialise to the same
 * JSON up to key order get the same digest.
 */
export function digestOf(value: unknown): string {
  const text = plainJson(value);
  const cacheable = text !== undefined && text.length <= CACHE_KEY_CHARS;
  if (cacheable) {
    const known = recentDigests.get(text);
    if (known !== undefined) return known;
  }
  const digest = sha256Base64url(canonicalJson(value, 0, '') ?? 'null').slice(0, DIGEST_LENGTH);
  if (cacheable) {
    if (recentDigests.size >= CACHE_ENTRIES) recentDigests.delete(recentDigests.keys().next().value!);
    recentDigests.set(text, digest);
  }
  return digest;
}

/** The native JSON text, or undefined where JSON has none or refuses (a cycle, a bigint: the slow path says why). */
function plainJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

// The one-shot `crypto.hash` (Node >= 20.12) is about twice as fast as createHash for small inputs.
const sha256Base64url: (text: string) => string =
  typeof nodeCrypto.hash === 'function'
    ? (text) => nodeCrypto.hash('sha256', text, 'base64url')
    : (text) => nodeCrypto.createHash('sha256').update(text).digest('base64url');

// Most keys and values need no escaping; quoting them directly is much cheaper than JSON.stringify.
// eslint-disable-next-line no-control-regex -- control characters are exactly what needs escaping
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * Returns undefined for values JSON leaves out (undefined, functions, symbols). `key` is the property name
 * (or array index, or '' at the root) that `toJSON` receives, as from JSON.stringify.
 */
function canonicalJson(value: unknown, depth: number, key: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      return numberText(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('digestOf: a bigint has no JSON form');
    case 'object':
      return value === null ? 'null' : canonicalObject(value, depth, key);
    default:
      return undefined;
  }
}

function canonicalObject(value: object, depth: number, key: string): string | undefined {
  const withToJson = value as { toJSON?: unknown };
  if (typeof withToJson.toJSON === 'function') {
    return canonicalJson((withToJson.toJSON as (key: string) => unknown).call(value, key), depth, key);
  }
  // Boxed primitives serialise as their value, as in JSON.stringify (which the cache relies on).
  if (value instanceof Number || value instanceof String || value instanceof Boolean) {
    return canonicalJson(value.valueOf(), depth, key);
  }
  if (depth >= MAX_DEPTH) throw new TypeError(`digestOf: nested deeper than ${MAX_DEPTH} levels, or cyclic`);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      out += (i === 0 ? '' : ',') + (canonicalJson(value[i], depth + 1, String(i)) ?? 'null');
    }
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const name of Object.keys(record).sort()) {
    const encoded = canonicalJson(record[name], depth + 1, name);
    if (encoded === undefined) continue;
    out += (first ? '' : ',') + jsonString(name) + ':' + encoded;
    first = false;
  }
  return out + '}';
}
