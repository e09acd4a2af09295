import { randomFillSync } from 'node:crypto';

// One randomFillSync per few hundred draws instead of a randomBytes call per draw, which costs more than
// sealing a small state. Every range is handed out once and copied out, so a refill never changes one in use.
const POOL_BYTES = 4_096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

function take(count: number): number {
  if (count > POOL_BYTES) throw new RangeError(`random pool: at most ${POOL_BYTES} bytes per draw`);
  if (offset + count > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const start = offset;
  offset += count;
  return start;
}

/** `count` fresh cryptographically random bytes, in a buffer of their own. */
export function poolRandomBytes(count: number): Buffer {
  const start = take(count);
  return Buffer.from(pool.subarray(start, start + count));
}

/** A random id of `bytes` random bytes in base64url (16 bytes: 22 characters). */
export function randomId(bytes = 16): string {
  const start = take(bytes);
  return pool.toString('base64url', start, start + bytes);
}
