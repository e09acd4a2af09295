import { inspect } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { ElicitorError } from '../errors/elicitor.error.js';
import { Keyring, MIN_SECRET_BYTES } from './keyring.js';

const OLD_SECRET = 'old-secret-0123456789abcdef';
const NEW_SECRET = 'new-secret-0123456789abcdef';

describe('Keyring', () => {
  it('seals with the first key and can find every key by id', () => {
    const keyring = Keyring.fromSecrets([NEW_SECRET, OLD_SECRET]);
    expect(keyring.keys).toHaveLength(2);
    expect(keyring.sealingKey).toBe(keyring.keys[0]);
    for (const key of keyring.keys) expect(keyring.find(key.id)).toBe(key);
    expect(keyring.find('nope!!')).toBeUndefined();
  });

  it('gives each key a short id that depends only on the secret', () => {
    const first = Keyring.fromSecrets([NEW_SECRET, OLD_SECRET]);
    const again = Keyring.fromSecrets([OLD_SECRET]);
    expect(first.sealingKey.id).toMatch(/^[A-Za-z0-9_-]{6}$/);
    expect(first.keys[1].id).toBe(again.sealingKey.id);
    expect(first.keys[0].id).not.toBe(first.keys[1].id);
  });

  it('derives 32-byte AES keys, the same from a string and from its UTF-8 bytes', () => {
    const fromText = Keyring.fromSecrets([OLD_SECRET]).sealingKey;
    const fromBytes = Keyring.fromSecrets([new TextEncoder().encode(OLD_SECRET)]).sealingKey;
    expect(fromText.key.symmetricKeySize).toBe(32);
    expect(fromBytes.id).toBe(fromText.id);
    expect(fromBytes.key.equals(fromText.key)).toBe(true);
  });

  it('refuses a secret shorter than 16 bytes, counting bytes and never echoing the secret', () => {
    const short = 'x'.repeat(MIN_SECRET_BYTES - 1);
    expect(() => Keyring.fromSecrets([NEW_SECRET, short])).toThrow(/secret #2 is 15 bytes; at least 16/);
    let message = '';
    try {
      Keyring.fromSecrets([short]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/at least 16/);
    expect(message).not.toContain(short);
    expect(() => Keyring.fromSecrets(['é'.repeat(8)])).not.toThrow();
    expect(() => Keyring.fromSecrets([new Uint8Array(15)])).toThrow(ElicitorError);
  });

  it('refuses an empty list and the same secret twice', () => {
    expect(() => Keyring.fromSecrets([])).toThrow(/at least one secret/);
    expect(() => Keyring.fromSecrets([OLD_SECRET, NEW_SECRET, OLD_SECRET])).toThrow(
      /#1 and #3 are the same key/,
    );
  });

  it('random() makes one fresh key each time', () => {
    const one = Keyring.random();
    const two = Keyring.random();
    expect(one.keys).toHaveLength(1);
    expect(one.sealingKey.id).not.toBe(two.sealingKey.id);
  });

  it('does not show key material when inspected', () => {
    const keyring = Keyring.fromSecrets([OLD_SECRET]);
    expect(inspect(keyring, { depth: 5 })).not.toContain(OLD_SECRET);
    expect(JSON.stringify(keyring)).not.toContain(OLD_SECRET);
  });

  describe('fromEnv', () => {
    it('is undefined when the variable is unset or blank', () => {
      expect(Keyring.fromEnv('ELICITOR_STATE_KEYS', {})).toBeUndefined();
      expect(Keyring.fromEnv('ELICITOR_STATE_KEYS', { ELICITOR_STATE_KEYS: '  ' })).toBeUndefined();
    });

    it('reads a comma-separated list, newest first, trimming spaces and empty entries', () => {
      const keyring = Keyring.fromEnv('MY_KEYS', { MY_KEYS: ` ${NEW_SECRET} ,, ${OLD_SECRET} ` })!;
      expect(keyring.keys.map((key) => key.id)).toStrictEqual(
        Keyring.fromSecrets([NEW_SECRET, OLD_SECRET]).keys.map((key) => key.id),
      );
    });

    it('reads ELICITOR_STATE_KEYS from process.env by default', () => {
      const saved = process.env.ELICITOR_STATE_KEYS;
      try {
        process.env.ELICITOR_STATE_KEYS = OLD_SECRET;
        expect(Keyring.fromEnv()?.sealingKey.id).toBe(Keyring.fromSecrets([OLD_SECRET]).sealingKey.id);
      } finally {
        if (saved === undefined) delete process.env.ELICITOR_STATE_KEYS;
        else process.env.ELICITOR_STATE_KEYS = saved;
      }
    });

    it('refuses a list with no secret in it, or a short one', () => {
      expect(() => Keyring.fromEnv('K', { K: ' , , ' })).toThrow(/K lists no secret/);
      expect(() => Keyring.fromEnv('K', { K: `${NEW_SECRET},short` })).toThrow(/secret #2/);
    });
  });
});
