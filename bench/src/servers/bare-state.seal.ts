import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const TTL_MS = 600_000;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The bare server's requestState: JSON sealed with AES-256-GCM (random IV, tag appended), base64url,
 * the way a hand-written server that keeps answers private would do it. Elicitor seals with the same
 * cipher, so the comparison measures the framework rather than the choice of cipher.
 */
export class BareStateSeal {
  constructor(private readonly key: Buffer = randomBytes(32)) {}

  seal(answers: Record<string, string>): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const plaintext = JSON.stringify({ answers, exp: Date.now() + TTL_MS });
    const sealed = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return sealed.toString('base64url');
  }

  /** The sealed answers, or undefined when the state is forged, malformed or expired. */
  open(state: string): Record<string, string> | undefined {
    const sealed = Buffer.from(state, 'base64url');
    if (sealed.length < IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      const plaintext = Buffer.concat([
        decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      const decoded = JSON.parse(plaintext) as { answers?: Record<string, string>; exp?: number };
      if (typeof decoded.exp !== 'number' || decoded.exp < Date.now()) return undefined;
      return decoded.answers ?? {};
    } catch {
      return undefined;
    }
  }
}
