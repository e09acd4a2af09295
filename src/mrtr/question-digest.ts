import { digestOf } from './digest.js';

const schemaDigests = new WeakMap<object, string>();
/** Per shared schema, the digests of plain form questions by message: the usual question, asked every round. */
const formQuestionDigests = new WeakMap<object, Map<string, string>>();
const MESSAGES_PER_SCHEMA = 256;

type QuestionWire = { method?: string; params?: Record<string, unknown> } | Record<string, unknown>;

/**
 * The digest that pins an answer to the exact question. Form schemas built from classes are shared,
 * frozen objects, so their digest is computed once and reused across rounds; so is the digest of a plain
 * form question (`mode`, `message`, `requestedSchema` only) with such a schema.
 */
export function questionDigest(request: QuestionWire): string {
  const schema = (request as { requestedSchema?: unknown }).requestedSchema;
  if (typeof schema !== 'object' || schema === null || !Object.isFrozen(schema)) return digestOf(request);
  const message = plainFormMessage(request as Record<string, unknown>);
  if (message === undefined) return pinnedSchemaDigest(request as Record<string, unknown>, schema);
  let byMessage = formQuestionDigests.get(schema);
  if (byMessage === undefined) formQuestionDigests.set(schema, (byMessage = new Map()));
  let digest = byMessage.get(message);
  if (digest === undefined) {
    digest = pinnedSchemaDigest(request as Record<string, unknown>, schema);
    if (byMessage.size >= MESSAGES_PER_SCHEMA) byMessage.clear();
    byMessage.set(message, digest);
  }
  return digest;
}

/** The message of a question that is exactly `{ mode: 'form', message, requestedSchema }`, else undefined. */
function plainFormMessage(request: Record<string, unknown>): string | undefined {
  if (request.mode !== 'form' || typeof request.message !== 'string') return undefined;
  let fields = 0;
  for (const name in request) {
    if (!Object.hasOwn(request, name)) continue;
    if (name !== 'mode' && name !== 'message' && name !== 'requestedSchema') return undefined;
    fields++;
  }
  return fields === 3 ? request.message : undefined;
}

/** The question's digest with its schema replaced by the schema's own (cached) digest. */
function pinnedSchemaDigest(request: Record<string, unknown>, schema: object): string {
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
