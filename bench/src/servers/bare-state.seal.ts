import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TTL_MS = 600_000;
const MAC_BYTES = 16;

/** The bare server's requestState: base64url JSON plus a truncated HMAC-SHA256, the way a hand-written server would. */
export class BareStateSeal {
  constructor(private readonly key: Buffer = randomBytes(32)) {}

  seal(answers: Record<string, string>): string {
    const payload = Buffer.from(JSON.stringify({ answers, exp: Date.now() + TTL_MS })).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The sealed answers, or undefined when the state is forged, malformed or expired. */
  open(state: string): Record<string, string> | undefined {
    const dot = state.indexOf('.');
    if (dot <= 0) return undefined;
    const payload = state.slice(0, dot);
    const given = Buffer.from(state.slice(dot + 1), 'base64url');
    if (given.length !== MAC_BYTES || !timingSafeEqual(given, this.mac(payload))) return undefined;
    try {
      const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        answers?: Record<string, string>;
        exp?: number;
      };
      if (typeof decoded.exp !== 'number' || decoded.exp < Date.now()) return undefined;
      return decoded.answers ?? {};
    } catch {
      return undefined;
    }
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, MAC_BYTES);
  }
}
