import { digestOf } from './digest.js';

const schemaDigests = new WeakMap<object, string>();

/**
 * The digest that pins an answer to the exact question. Form schemas built from classes are shared,
 * frozen objects, so their digest is computed once and reused across rounds.
 */
export function questionDigest(
  request: { method?: string; params?: Record<string, unknown> } | Record<string, unknown>,
): string {
  const schema = (request as { requestedSchema?: unknown }).requestedSchema;
  if (typeof schema !== 'object' || schema === null || !Object.isFrozen(schema)) return digestOf(request);
  let schemaDigest = schemaDigests.get(schema);
  if (schemaDigest === undefined) {
    schemaDigest = digestOf(schema);
    schemaDigests.set(schema, schemaDigest);
  }
  const pinned: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request)) if (name !== 'requestedSchema') pinned[name] = value;
  pinned.requestedSchema = schemaDigest;
  return digestOf(pinned);
}
