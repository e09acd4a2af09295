import { randomUUID } from 'node:crypto';

/**
 * A random UUID as one flat string. Node builds `randomUUID()` by concatenation: a tree of some twenty
 * string pieces, about 500 bytes, that an id kept for a session's or a stream's life holds on to (and
 * that outlives the young generation). `toLowerCase()` copies it into one string of about 80 bytes; a
 * UUID is lower case already, so the text does not change.
 */
export function flatRandomUUID(): string {
  return randomUUID().toLowerCase();
}
