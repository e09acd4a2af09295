import { createCipheriv, createDecipheriv, type KeyObject } from 'node:crypto';
import { ElicitorError } from '../errors/elicitor.error.js';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error.js';
import { systemClock, type Clock } from '../shared/clock.js';
import { digestOf } from './digest.js';
import type { Keyring } from './keyring.js';
import { poolRandomBytes } from '../shared/random-pool.js';

/** What a requestState is bound to; a state replayed onto a different value of any field is refused. */
export interface StateBinding {
  /** JSON-RPC method, e.g. `tools/call`. */
  method: string;
  /** Tool or prompt name, or resource URI. */
  target: string;
  /** `digestOf(arguments)` of the originating request. */
  argsDigest: string;
  /** The authenticated user, when there is one. */
  principal?: string | undefined;
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
  /** Random id of this one sealed state (16 base64url chars: its 96-bit IV), e.g. to make a state single-use. */
  readonly sid: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

/** The plaintext inside a token: a JSON array, which keeps tokens small and cheap to read. */
type SealedEnvelope = [issuedAt: number, expiresAt: number, bindingDigest: string, payload: object];

interface CodecKey {
  readonly key: KeyObject;
  /** `v1.<keyId>`: the token prefix, also authenticated as AAD so the header cannot be swapped. */
  readonly header: string;
  readonly aad: Buffer;
}

const VERSION_PREFIX = 'v1.';
const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
/** 12 bytes are exactly 16 base64url characters, so the IV is the token body's first 16. */
const IV_CHARS = 16;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]+$/;

/**
 * Seals what a multi-round call carries forward into an opaque `requestState` and opens it again.
 * Token: `v1.<keyId>.<base64url(iv | ciphertext | tag)>`, AES-256-GCM with a random 96-bit IV.
 * The plaintext holds issue and expiry times, a digest of the {@link StateBinding} and the payload; the IV,
 * unique per seal, is the state id.
 * `open` runs the cheap checks first and throws {@link InvalidRequestStateError} for every failure.
 */
export class RequestStateCodec {
  readonly ttlMs: number;
  readonly maxBytes: number;
  private readonly clock: Clock;
  private readonly onReject: ((reason: RequestStateRejectReason) => void) | undefined;
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
        // Tokens are base64url and dots throughout, so they can be written into JSON text unescaped.
        if (!KEY_ID.test(id))
          throw new ElicitorError(
            'INVALID_STATE_KEYRING',
            `Invalid requestState key id: ${JSON.stringify(id)}`,
          );
        const header = VERSION_PREFIX + id;
        return [id, { key, header, aad: Buffer.from(header, 'latin1') }];
      }),
    );
    this.sealingKey = this.openingKeys.get(options.keyring.sealingKey.id)!;
  }

  /**
   * `ttlMs` overrides the codec's lifetime for this one state (a task's state lives as long as the task).
   * Throws an ElicitorError `REQUEST_STATE_TOO_LARGE` (a server bug, not a client error) past `maxBytes`. */
  seal(payload: object, binding: StateBinding, ttlMs: number = this.ttlMs): string {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new TypeError('RequestStateCodec.seal: the payload must be a plain object');
    }
    const now = this.clock.now();
    const envelope: SealedEnvelope = [now, now + ttlMs, bindingDigest(binding), payload];
    const plaintext = JSON.stringify(envelope);
    const { key, header, aad } = this.sealingKey;
    // The size is known before encrypting, so an oversized state costs no cipher work. A UTF-16 unit is
    // at most 3 UTF-8 bytes: while that bound fits, the exact count (a scan of the text) is not needed.
    if (tokenLengthFor(header, plaintext.length * 3) > this.maxBytes) {
      const tokenLength = tokenLengthFor(header, Buffer.byteLength(plaintext, 'utf8'));
      if (tokenLength > this.maxBytes) {
        throw new ElicitorError(
          'REQUEST_STATE_TOO_LARGE',
          `requestState would be ${tokenLength} bytes, over the ${this.maxBytes}-byte limit: carry less forward (memo values, answers) or raise maxBytes`,
        );
      }
    }
    // A fresh random IV per seal, never reused under a key; it doubles as the state id.
    const iv = poolRandomBytes(IV_BYTES);
    const cipher = createCipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad);
    const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
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
    const body = decodeCanonicalBase64url(encodedBody);
    if (body === undefined) return this.reject('malformed');
    const codecKey = this.openingKeys.get(token.slice(VERSION_PREFIX.length, keyEnd));
    if (codecKey === undefined) return this.reject('unknown_key');
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
    const [issuedAt, expiresAt, sealedBinding, payload] = envelope;
    if (this.clock.now() >= expiresAt) return this.reject('expired');
    if (sealedBinding !== bindingDigest(binding)) return this.reject('binding_mismatch');
    const sid = encodedBody.slice(0, IV_CHARS);
    return { payload: payload as T, sid, issuedAt, expiresAt };
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

/**
 * Bindings repeat round after round (the same tool, arguments and user), so their digests are remembered
 * by the four strings themselves, level by level: no key is built or serialised to look one up.
 */
const BINDING_CACHE_ENTRIES = 4_096;
type DigestsBy<T> = Map<string, T>;
let bindingDigests: DigestsBy<DigestsBy<DigestsBy<Map<string | undefined, string>>>> = new Map();
let cachedBindings = 0;

function bindingDigest(binding: StateBinding): string {
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
  const known = bindingDigests.get(method)?.get(target)?.get(argsDigest)?.get(principal);
  if (known !== undefined) return known;
  // An array keeps the fields apart: no two different bindings share a serialisation.
  const digest = digestOf([method, target, argsDigest, principal ?? null]);
  if (++cachedBindings > BINDING_CACHE_ENTRIES) {
    bindingDigests = new Map();
    cachedBindings = 1;
  }
  let byTarget = bindingDigests.get(method);
  if (!byTarget) bindingDigests.set(method, (byTarget = new Map()));
  let byArgs = byTarget.get(target);
  if (!byArgs) byTarget.set(target, (byArgs = new Map()));
  let byUser = byArgs.get(argsDigest);
  if (!byUser) byArgs.set(argsDigest, (byUser = new Map()));
  byUser.set(principal, digest);
  return digest;
}

/** The length of a token whose header is `header` and whose plaintext is `plaintextBytes` long. */
function tokenLengthFor(header: string, plaintextBytes: number): number {
  return header.length + 1 + Math.ceil(((IV_BYTES + plaintextBytes + TAG_BYTES) * 4) / 3);
}

/** Authenticated plaintext can only be malformed through a bug or a leaked key; still, never trust its shape. */
function parseEnvelope(plaintext: string): SealedEnvelope | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
  const [issuedAt, expiresAt, sealedBinding, payload] = parsed as unknown[];
  const wellFormed =
    typeof issuedAt === 'number' &&
    typeof expiresAt === 'number' &&
    typeof sealedBinding === 'string' &&
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload);
  return wellFormed ? (parsed as SealedEnvelope) : undefined;
}

/**
 * The bytes of base64url without padding, in its one canonical spelling, else undefined. Node's decoder
 * takes both alphabets, skips stray characters (whitespace, `=`, anything else) and ignores the unused low
 * bits of the last character, so without this a changed token could decode to the same bytes. A skipped
 * character always leaves fewer bytes than the text's length promises, so the length is checked rather
 * than the alphabet character by character; `+` and `/`, which decode as `-` and `_` do, are looked for.
 */
function decodeCanonicalBase64url(text: string): Buffer | undefined {
  const tail = text.length & 3;
  if (tail === 1 || text.includes('+') || text.includes('/')) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.length !== (text.length * 3) >> 2) return undefined;
  // The last character of 2 (or 3) in a group carries 4 (or 2) bits that no byte uses: they must be zero.
  if (tail !== 0 && (sextetOf(text.charCodeAt(text.length - 1)) & (tail === 2 ? 0x0f : 0x03)) !== 0)
    return undefined;
  return bytes;
}

/** The 6-bit value of a base64url character (the alphabet is checked before). */
function sextetOf(code: number): number {
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61 + 26;
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 52;
  return code === 0x2d ? 62 : 63;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`RequestStateCodec: ${name} must be a positive integer, got ${value}`);
  }
  return value;
}
