import { createCipheriv, createDecipheriv, randomFillSync, type KeyObject } from 'node:crypto';
import { ElicitorError } from '../errors/elicitor.error.js';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error.js';
import { systemClock, type Clock } from './clock.js';
import { digestOf } from './digest.js';
import type { Keyring } from './keyring.js';

/** What a requestState is bound to; a state replayed onto a different value of any field is refused. */
export interface StateBinding {
  /** JSON-RPC method, e.g. `tools/call`. */
  method: string;
  /** Tool or prompt name, or resource URI. */
  target: string;
  /** `digestOf(arguments)` of the originating request. */
  argsDigest: string;
  /** The authenticated user, when there is one. */
  principal?: string;
}

export type RequestStateRejectReason =
  'oversized' | 'malformed' | 'unknown_key' | 'tampered' | 'expired' | 'binding_mismatch';

export interface RequestStateCodecOptions {
  keyring: Keyring;
  /** Lifetime of a sealed state. Default 10 minutes, the same as the legacy elicitation timeout. */
  ttlMs?: number;
  /** Largest token accepted or produced, checked before any decoding. Default 16 KiB. */
  maxBytes?: number;
  clock?: Clock;
  /** Sees the real reason of every rejection (the client only ever sees the fixed message). */
  onReject?: (reason: RequestStateRejectReason) => void;
}

/** An opened state: the sealed payload plus the facts the codec put around it. */
export interface OpenedRequestState<T extends object = Record<string, unknown>> {
  /** Exactly what `seal` was given, after a JSON round trip. The codec does not check its shape. */
  readonly payload: T;
  /** Random id of this one sealed state (22 base64url chars), e.g. to make a state single-use. */
  readonly sid: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

/** The plaintext inside a token. Short field names keep tokens small. */
interface SealedEnvelope {
  sid: string;
  iat: number;
  exp: number;
  bnd: string;
  p: object;
}

interface CodecKey {
  readonly key: KeyObject;
  /** `v1.<keyId>`: the token prefix, also authenticated as AAD so the header cannot be swapped. */
  readonly header: string;
  readonly aad: Buffer;
}

const VERSION_PREFIX = 'v1.';
const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SID_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// One randomFillSync per 128 seals instead of one randomBytes call per seal, which costs more than
// building the envelope. Each slice is handed out once, as a copy, so nothing can refill it while in use.
const SEAL_RANDOM_BYTES = IV_BYTES + SID_BYTES;
const randomPool = Buffer.alloc(SEAL_RANDOM_BYTES * 128);
let randomPoolOffset = randomPool.length;

function takeRandomBytes(): Buffer {
  if (randomPoolOffset === randomPool.length) {
    randomFillSync(randomPool);
    randomPoolOffset = 0;
  }
  const slice = Buffer.from(randomPool.subarray(randomPoolOffset, randomPoolOffset + SEAL_RANDOM_BYTES));
  randomPoolOffset += SEAL_RANDOM_BYTES;
  return slice;
}

/**
 * Seals what a multi-round call carries forward into an opaque `requestState` and opens it again.
 * Token: `v1.<keyId>.<base64url(iv | ciphertext | tag)>`, AES-256-GCM with a random 96-bit IV.
 * The plaintext holds a state id, issue and expiry times, a digest of the {@link StateBinding} and the payload.
 * `open` runs the cheap checks first and throws {@link InvalidRequestStateError} for every failure.
 */
export class RequestStateCodec {
  readonly ttlMs: number;
  readonly maxBytes: number;
  private readonly clock: Clock;
  private readonly onReject?: (reason: RequestStateRejectReason) => void;
  private readonly sealingKey: CodecKey;
  private readonly openingKeys: ReadonlyMap<string, CodecKey>;

  constructor(options: RequestStateCodecOptions) {
    this.ttlMs = positiveInteger('ttlMs', options.ttlMs ?? 600_000);
    this.maxBytes = positiveInteger('maxBytes', options.maxBytes ?? 16_384);
    this.clock = options.clock ?? systemClock;
    this.onReject = options.onReject;
    // Headers and AAD buffers are built once here, not per request.
    this.openingKeys = new Map(
      options.keyring.keys.map(({ id, key }) => {
        const header = VERSION_PREFIX + id;
        return [id, { key, header, aad: Buffer.from(header, 'latin1') }];
      }),
    );
    this.sealingKey = this.openingKeys.get(options.keyring.sealingKey.id)!;
  }

  /** Throws an ElicitorError `REQUEST_STATE_TOO_LARGE` (a server bug, not a client error) past `maxBytes`. */
  seal(payload: object, binding: StateBinding): string {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new TypeError('RequestStateCodec.seal: the payload must be a plain object');
    }
    const now = this.clock.now();
    const random = takeRandomBytes();
    const envelope: SealedEnvelope = {
      sid: random.toString('base64url', IV_BYTES),
      iat: now,
      exp: now + this.ttlMs,
      bnd: bindingDigest(binding),
      p: payload,
    };
    const plaintext = Buffer.from(JSON.stringify(envelope), 'utf8');
    const { key, header, aad } = this.sealingKey;
    // The size is known before encrypting, so an oversized state costs no cipher work.
    const tokenLength = header.length + 1 + Math.ceil(((IV_BYTES + plaintext.length + TAG_BYTES) * 4) / 3);
    if (tokenLength > this.maxBytes) {
      throw new ElicitorError(
        'REQUEST_STATE_TOO_LARGE',
        `requestState would be ${tokenLength} bytes, over the ${this.maxBytes}-byte limit: carry less forward (memo values, answers) or raise maxBytes`,
      );
    }
    const iv = random.subarray(0, IV_BYTES);
    const cipher = createCipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad);
    const body = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    return `${header}.${body.toString('base64url')}`;
  }

  open<T extends object = Record<string, unknown>>(
    token: unknown,
    binding: StateBinding,
  ): OpenedRequestState<T> {
    if (typeof token !== 'string') return this.reject('malformed');
    if (token.length > this.maxBytes) return this.reject('oversized');
    if (!token.startsWith(VERSION_PREFIX)) return this.reject('malformed');
    const keyEnd = token.indexOf('.', VERSION_PREFIX.length);
    if (keyEnd < 0) return this.reject('malformed');
    const encodedBody = token.slice(keyEnd + 1);
    if (!isCanonicalBase64url(encodedBody)) return this.reject('malformed');
    const codecKey = this.openingKeys.get(token.slice(VERSION_PREFIX.length, keyEnd));
    if (codecKey === undefined) return this.reject('unknown_key');
    const body = Buffer.from(encodedBody, 'base64url');
    if (body.length <= IV_BYTES + TAG_BYTES) return this.reject('malformed');

    let plaintext: string;
    try {
      const decipher = createDecipheriv(CIPHER, codecKey.key, body.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(codecKey.aad);
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      plaintext = decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES), undefined, 'utf8');
      plaintext += decipher.final('utf8');
    } catch {
      return this.reject('tampered');
    }

    const envelope = parseEnvelope(plaintext);
    if (envelope === undefined) return this.reject('malformed');
    if (this.clock.now() >= envelope.exp) return this.reject('expired');
    if (envelope.bnd !== bindingDigest(binding)) return this.reject('binding_mismatch');
    return { payload: envelope.p as T, sid: envelope.sid, issuedAt: envelope.iat, expiresAt: envelope.exp };
  }

  private reject(reason: RequestStateRejectReason): never {
    try {
      this.onReject?.(reason);
    } catch {
      // A failing log hook must not change what the client sees.
    }
    throw new InvalidRequestStateError(reason);
  }
}

const bindingDigests = new WeakMap<StateBinding, string>();

/** A round opens and seals with the same binding object; its digest is computed once. */
function bindingDigest(binding: StateBinding): string {
  let digest = bindingDigests.get(binding);
  if (digest === undefined) {
    digest = computeBindingDigest(binding);
    bindingDigests.set(binding, digest);
  }
  return digest;
}

function computeBindingDigest(binding: StateBinding): string {
  const { method, target, argsDigest, principal } = binding;
  if (
    typeof method !== 'string' ||
    typeof target !== 'string' ||
    typeof argsDigest !== 'string' ||
    (principal !== undefined && typeof principal !== 'string')
  ) {
    throw new TypeError(
      'StateBinding needs string method, target and argsDigest, and principal string or undefined',
    );
  }
  // An array keeps the fields apart: no two different bindings share a serialisation.
  return digestOf([method, target, argsDigest, principal ?? null]);
}

/** Authenticated plaintext can only be malformed through a bug or a leaked key; still, never trust its shape. */
function parseEnvelope(plaintext: string): SealedEnvelope | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { sid, iat, exp, bnd, p } = parsed as Partial<SealedEnvelope>;
  const wellFormed =
    typeof sid === 'string' &&
    typeof iat === 'number' &&
    typeof exp === 'number' &&
    typeof bnd === 'string' &&
    typeof p === 'object' &&
    p !== null &&
    !Array.isArray(p);
  return wellFormed ? (parsed as SealedEnvelope) : undefined;
}

/**
 * Base64url without padding, in its one canonical spelling. Node's decoder ignores stray characters and the
 * unused low bits of the last character, so without this a changed token could decode to the same bytes.
 */
function isCanonicalBase64url(text: string): boolean {
  const tailChars = text.length % 4;
  if (tailChars === 1 || !BASE64URL.test(text)) return false;
  if (tailChars === 0) return true;
  const lastValue = BASE64URL_ALPHABET.indexOf(text[text.length - 1]);
  const unusedBitsMask = tailChars === 2 ? 0b1111 : 0b11;
  return (lastValue & unusedBitsMask) === 0;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`RequestStateCodec: ${name} must be a positive integer, got ${value}`);
  }
  return value;
}
