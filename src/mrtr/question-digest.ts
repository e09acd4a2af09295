import { isInternedFormSchema } from '../schema/interned-form-schema.js';
import { digestOf } from './digest.js';

/** What is remembered per interned schema: its own digest, and plain form questions' digests by message. */
interface SchemaDigests {
  readonly schema: string;
  readonly byMessage: Map<string, string>;
}

const interned = new WeakMap<object, SchemaDigests>();
const MESSAGES_PER_SCHEMA = 256;

type QuestionWire = { method?: string; params?: Record<string, unknown> } | Record<string, unknown>;

/**
 * The digest that pins an answer to the exact question. A question whose schema was interned
 * (`internFormSchema`: class forms, `withRequired`/`withOptional` shapes) is digested with the schema's
 * own digest in its place, remembered with the schema; a plain form question (`mode`, `message`,
 * `requestedSchema` only) is remembered whole, by message. Anything else is digested as it is.
 */
export function questionDigest(request: QuestionWire): string {
  const schema = (request as { requestedSchema?: unknown }).requestedSchema;
  if (!isInternedFormSchema(schema)) return digestOf(request);
  let digests = interned.get(schema);
  if (digests === undefined)
    interned.set(schema, (digests = { schema: digestOf(schema), byMessage: new Map() }));
  const message = plainFormMessage(request as Record<string, unknown>);
  if (message === undefined) return pinnedSchemaDigest(request as Record<string, unknown>, digests.schema);
  let digest = digests.byMessage.get(message);
  if (digest === undefined) {
    digest = pinnedSchemaDigest(request as Record<string, unknown>, digests.schema);
    if (digests.byMessage.size >= MESSAGES_PER_SCHEMA) digests.byMessage.clear();
    digests.byMessage.set(message, digest);
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

/** The question's digest with its schema replaced by the schema's own digest. */
function pinnedSchemaDigest(request: Record<string, unknown>, schemaDigest: string): string {
  const pinned: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request)) if (name !== 'requestedSchema') pinned[name] = value;
  pinned.requestedSchema = schemaDigest;
  return digestOf(pinned);
}
