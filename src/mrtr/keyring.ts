import { createHash, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { ElicitorError } from '../errors/elicitor.error.js';

/** Shorter secrets are refused: they are guessable, and a short string is usually a placeholder left in config. */
export const MIN_SECRET_BYTES = 16;
export const DEFAULT_KEYS_ENV_VAR = 'ELICITOR_STATE_KEYS';

// Changing either label changes every derived key and id, which invalidates all tokens in flight.
const HKDF_INFO = 'elicitor requestState aes-256-gcm v1';
const KEY_ID_LABEL = 'elicitor requestState key id v1';
const KEY_BYTES = 32;
const KEY_ID_LENGTH = 6;

/** One derived AEAD key and the short public id that names it inside tokens. */
export interface StateKey {
  readonly id: string;
  readonly key: KeyObject;
}

/** The testing kit's secret (`testKeyring()`): public, so a keyring made from it is for tests only. */
export const TEST_STATE_SECRET = 'elicitor-test-key-0001-do-not-use-in-production';

/**
 * Versioned keys for sealing requestState. The first key seals; every key opens, so a new secret can be
 * put first while tokens sealed by the old one stay valid until they expire. Each key is derived with
 * HKDF-SHA256 so any sufficiently long secret string works, and gets an id so opening needs no trial decryption.
 */
export class Keyring {
  private readonly byId: ReadonlyMap<string, StateKey>;

  private constructor(readonly keys: readonly StateKey[]) {
    this.byId = new Map(keys.map((key) => [key.id, key]));
  }

  /** The first secret seals; all of them open. Order is oldest-last: put a new secret first to rotate. */
  static fromSecrets(secrets: ReadonlyArray<string | Uint8Array>): Keyring {
    if (secrets.length === 0) throw keyringError('a keyring needs at least one secret');
    const keys: StateKey[] = [];
    secrets.forEach((secret, index) => {
      const key = deriveKey(secretBytes(secret, index));
      const earlier = keys.findIndex((other) => other.id === key.id);
      if (earlier >= 0) throw keyringError(`secrets #${earlier + 1} and #${index + 1} are the same key`);
      keys.push(key);
    });
    return new Keyring(keys);
  }

  /** Whether this keyring seals with the testing kit's public secret: a test app, never a deployment. */
  get forTests(): boolean {
    return this.keys[0]!.id === testKeyId();
  }

  /** One random key: fine for a single process, but tokens die with it and other replicas cannot open them. */
  static random(): Keyring {
    return Keyring.fromSecrets([randomBytes(KEY_BYTES)]);
  }

  /**
   * Reads a comma-separated list of secrets (newest first). Returns undefined when the variable is unset
   * or blank, so callers can fall back to another source.
   */
  static fromEnv(
    varName: string = DEFAULT_KEYS_ENV_VAR,
    env: NodeJS.ProcessEnv = process.env,
  ): Keyring | undefined {
    const raw = env[varName];
    if (raw === undefined || raw.trim() === '') return undefined;
    const secrets = raw
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (secrets.length === 0) throw keyringError(`${varName} lists no secret`);
    return Keyring.fromSecrets(secrets);
  }

  get sealingKey(): StateKey {
    return this.keys[0];
  }

  find(id: string): StateKey | undefined {
    return this.byId.get(id);
  }
}

function secretBytes(secret: string | Uint8Array, index: number): Uint8Array {
  const bytes = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
  if (!(bytes instanceof Uint8Array))
    throw keyringError(`secret #${index + 1} is neither a string nor bytes`);
  if (bytes.byteLength < MIN_SECRET_BYTES) {
    throw keyringError(
      `secret #${index + 1} is ${bytes.byteLength} bytes; at least ${MIN_SECRET_BYTES} are needed (32 random bytes recommended)`,
    );
  }
  return bytes;
}

function deriveKey(secret: Uint8Array): StateKey {
  const derived = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), HKDF_INFO, KEY_BYTES));
  const id = createHash('sha256')
    .update(KEY_ID_LABEL)
    .update(derived)
    .digest('base64url')
    .slice(0, KEY_ID_LENGTH);
  const key = createSecretKey(derived);
  derived.fill(0);
  return { id, key };
}

function keyringError(detail: string): ElicitorError {
  return new ElicitorError('INVALID_STATE_KEYRING', `Invalid requestState keyring: ${detail}`);
}

let testId: string | undefined;
function testKeyId(): string {
  return (testId ??= deriveKey(secretBytes(TEST_STATE_SECRET, 0)).id);
}
