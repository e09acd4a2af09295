import * as realCrypto from 'node:crypto';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ElicitorError } from '../errors/elicitor.error.js';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error.js';
import { BASE64URL_ALPHABET, reasonOf, rejectionOf } from './request-state-codec.spec-helper.js';
import { FakeClock } from '../shared/fake-clock.js';
import { Keyring } from './keyring.js';
import type { RequestStateCodecOptions, StateBinding } from './request-state.codec.js';

// Spies on the cipher factories prove which rejections happen before any cipher work.
const createDecipheriv = jest.fn(realCrypto.createDecipheriv);
const createCipheriv = jest.fn(realCrypto.createCipheriv);
jest.unstable_mockModule('node:crypto', () => ({ ...realCrypto, createDecipheriv, createCipheriv }));
const { RequestStateCodec } = await import('./request-state.codec.js');

const SECRET = 'current-secret-0123456789abcdef';
const OLD_SECRET = 'previous-secret-0123456789abcdef';
const BINDING: StateBinding = {
  method: 'tools/call',
  target: 'place_order',
  argsDigest: 'c2hhMjU2LWFyZ3MtZGlnZXN0',
  principal: 'user-1',
};
const PAYLOAD = { answers: { contact: { action: 'accept', content: { name: 'Ada' } } }, memo: { quote: 7 } };
const TOKEN_SHAPE = /^v1\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]+$/;

function makeCodec(overrides: Partial<RequestStateCodecOptions> = {}) {
  const clock = new FakeClock();
  const rejections: string[] = [];
  const codec = new RequestStateCodec({
    keyring: Keyring.fromSecrets([SECRET]),
    clock,
    onReject: (reason) => rejections.push(reason),
    ...overrides,
  });
  return { codec, clock, rejections };
}

/** Seals arbitrary plaintext with the codec's key, to test what only a key holder could produce. */
function sealRaw(keyring: Keyring, plaintext: string): string {
  const { id, key } = keyring.sealingKey;
  const iv = realCrypto.randomBytes(12);
  const cipher = realCrypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`v1.${id}`));
  const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `v1.${id}.${body.toString('base64url')}`;
}

describe('RequestStateCodec', () => {
  beforeEach(() => {
    createDecipheriv.mockClear();
    createCipheriv.mockClear();
  });

  describe('round trip', () => {
    it('opens what it sealed, with a state id, issue time and expiry', () => {
      const { codec, clock, rejections } = makeCodec();
      const token = codec.seal(PAYLOAD, BINDING);
      expect(token).toMatch(TOKEN_SHAPE);
      const opened = codec.open(token, BINDING);
      expect(opened.payload).toStrictEqual(PAYLOAD);
      expect(opened.sid).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(token.split('.')[2]!.startsWith(opened.sid)).toBe(true);
      expect(opened.issuedAt).toBe(clock.now());
      expect(opened.expiresAt).toBe(clock.now() + 600_000);
      expect(rejections).toStrictEqual([]);
    });

    it('gives every seal a fresh IV and state id, even for the same payload', () => {
      const { codec } = makeCodec();
      const [first, second] = [codec.seal(PAYLOAD, BINDING), codec.seal(PAYLOAD, BINDING)];
      expect(first).not.toBe(second);
      expect(codec.open(first, BINDING).sid).not.toBe(codec.open(second, BINDING).sid);
    });

    it('keeps the payload secret: nothing of it shows in the token', () => {
      const { codec } = makeCodec();
      const token = codec.seal({ secretWord: 'swordfish' }, BINDING);
      const body = Buffer.from(token.split('.')[2], 'base64url').toString('latin1');
      expect(body).not.toContain('swordfish');
      expect(body).not.toContain('secretWord');
    });

    it('carries the payload through JSON: undefined fields drop, dates become strings', () => {
      const { codec } = makeCodec();
      const when = new Date(Date.UTC(2026, 6, 28));
      const token = codec.seal({ gone: undefined, when, list: [1, 'two'] }, BINDING);
      expect(codec.open(token, BINDING).payload).toStrictEqual({
        when: when.toISOString(),
        list: [1, 'two'],
      });
    });

    it('binds to a missing principal as well as to a present one', () => {
      const { codec } = makeCodec();
      const anonymous = { ...BINDING, principal: undefined };
      expect(codec.open(codec.seal({}, anonymous), anonymous).payload).toStrictEqual({});
    });
  });

  describe('tampering', () => {
    it('rejects a flip of any bit of the sealed bytes (IV, ciphertext, tag) as tampered', () => {
      const { codec, rejections } = makeCodec();
      const token = codec.seal(PAYLOAD, BINDING);
      const header = token.slice(0, token.lastIndexOf('.') + 1);
      const body = Buffer.from(token.slice(header.length), 'base64url');
      for (let bit = 0; bit < body.length * 8; bit++) {
        const flipped = Buffer.from(body);
        flipped[bit >> 3] ^= 1 << (bit & 7);
        expect(reasonOf(() => codec.open(header + flipped.toString('base64url'), BINDING))).toBe('tampered');
      }
      expect(rejections).toHaveLength(body.length * 8);
    });

    it('rejects a flip of any bit of any character of the token', () => {
      const { codec } = makeCodec();
      const token = codec.seal(PAYLOAD, BINDING);
      const bodyStart = token.lastIndexOf('.') + 1;
      for (let index = 0; index < token.length; index++) {
        for (let bit = 0; bit < 8; bit++) {
          const char = String.fromCharCode(token.charCodeAt(index) ^ (1 << bit));
          const reason = reasonOf(() =>
            codec.open(token.slice(0, index) + char + token.slice(index + 1), BINDING),
          );
          // Inside the body a letter stays a letter: only authentication can catch it (the last letter may
          // also leave the canonical spelling, which is caught earlier as malformed).
          const isLastChar = index === token.length - 1;
          if (index >= bodyStart && BASE64URL_ALPHABET.includes(char) && !isLastChar)
            expect(reason).toBe('tampered');
          else expect(['malformed', 'unknown_key', 'tampered']).toContain(reason);
        }
      }
    });

    it('rejects a token whose key id was switched to another key of the ring', () => {
      const keyring = Keyring.fromSecrets([SECRET, OLD_SECRET]);
      const { codec } = makeCodec({ keyring });
      const token = codec.seal(PAYLOAD, BINDING);
      const switched = token.replace(keyring.keys[0].id, keyring.keys[1].id);
      expect(reasonOf(() => codec.open(switched, BINDING))).toBe('tampered');
    });

    it('rejects the conformance-suite style tamper (a suffix)', () => {
      const { codec } = makeCodec();
      // Whether a suffix leaves a possible base64url length depends on the token's length: either way it is refused.
      const suffixed = `${codec.seal(PAYLOAD, BINDING)}-TAMPERED`;
      const bodyLength = suffixed.split('.')[2]!.length;
      expect(reasonOf(() => codec.open(suffixed, BINDING))).toBe(
        bodyLength % 4 === 1 ? 'malformed' : 'tampered',
      );
      expect(reasonOf(() => codec.open(`${codec.seal(PAYLOAD, BINDING)}AAAA`, BINDING))).toBe('tampered');
    });
  });

  describe('rejection reasons', () => {
    it.each([undefined, null, 42, {}, ['v1.a.b'], true])(
      'malformed: a requestState that is not a string (%p)',
      (token) => {
        const { codec } = makeCodec();
        expect(reasonOf(() => codec.open(token, BINDING))).toBe('malformed');
      },
    );

    it('malformed: authentic plaintext of the wrong shape (only a key holder could make it)', () => {
      const keyring = Keyring.fromSecrets([SECRET]);
      const { codec } = makeCodec({ keyring });
      const valid = [0, Number.MAX_SAFE_INTEGER, 'b', {}];
      // The right shape gets as far as the binding check.
      expect(reasonOf(() => codec.open(sealRaw(keyring, JSON.stringify(valid)), BINDING))).toBe(
        'binding_mismatch',
      );
      const plaintexts = [
        'not json',
        '[]',
        '"text"',
        JSON.stringify({ iat: 0, exp: Number.MAX_SAFE_INTEGER, bnd: 'b', p: {} }),
        JSON.stringify([0, Number.MAX_SAFE_INTEGER, 'b', []]),
        JSON.stringify([0, '1', 'b', {}]),
        JSON.stringify([0, Number.MAX_SAFE_INTEGER, 7, {}]),
        JSON.stringify([...valid, 'extra']),
      ];
      for (const plaintext of plaintexts)
        expect(reasonOf(() => codec.open(sealRaw(keyring, plaintext), BINDING))).toBe('malformed');
    });

    it('unknown_key: a token sealed under a key this ring does not hold', () => {
      const { codec } = makeCodec();
      const { codec: stranger } = makeCodec({ keyring: Keyring.fromSecrets([OLD_SECRET]) });
      expect(reasonOf(() => codec.open(stranger.seal(PAYLOAD, BINDING), BINDING))).toBe('unknown_key');
      expect(createDecipheriv).not.toHaveBeenCalled();
    });

    it('expired: opens until the last millisecond of the TTL, not after', () => {
      const { codec, clock } = makeCodec({ ttlMs: 60_000 });
      const token = codec.seal(PAYLOAD, BINDING);
      clock.advance(59_999);
      expect(codec.open(token, BINDING).payload).toStrictEqual(PAYLOAD);
      clock.advance(1);
      expect(reasonOf(() => codec.open(token, BINDING))).toBe('expired');
    });

    it.each<[string, Partial<StateBinding>]>([
      ['method', { method: 'prompts/get' }],
      ['target', { target: 'cancel_order' }],
      ['argsDigest', { argsDigest: 'b3RoZXItYXJndW1lbnRzLTEy' }],
      ['principal (another user)', { principal: 'user-2' }],
      ['principal (none)', { principal: undefined }],
      ['principal (empty string)', { principal: '' }],
    ])('binding_mismatch: replayed with a different %s', (_field, change) => {
      const { codec } = makeCodec();
      const token = codec.seal(PAYLOAD, BINDING);
      expect(reasonOf(() => codec.open(token, { ...BINDING, ...change }))).toBe('binding_mismatch');
    });

    it('binding_mismatch: a state sealed without a principal does not open for a signed-in user', () => {
      const { codec } = makeCodec();
      const token = codec.seal(PAYLOAD, { ...BINDING, principal: undefined });
      expect(reasonOf(() => codec.open(token, BINDING))).toBe('binding_mismatch');
    });
  });

  describe('size limit', () => {
    it('oversized: rejects a long string before looking at it', () => {
      const { codec, rejections } = makeCodec({ maxBytes: 1024 });
      expect(reasonOf(() => codec.open('x'.repeat(1025), BINDING))).toBe('oversized');
      expect(reasonOf(() => codec.open('v1.' + 'A'.repeat(5_000_000), BINDING))).toBe('oversized');
      expect(rejections).toStrictEqual(['oversized', 'oversized']);
    });

    it('oversized: a genuine token over the limit is refused without decrypting', () => {
      const keyring = Keyring.fromSecrets([SECRET]);
      const { codec: roomy } = makeCodec({ keyring });
      const token = roomy.seal(PAYLOAD, BINDING);
      const { codec: strict } = makeCodec({ keyring, maxBytes: token.length - 1 });
      createDecipheriv.mockClear();
      expect(reasonOf(() => strict.open(token, BINDING))).toBe('oversized');
      expect(createDecipheriv).not.toHaveBeenCalled();
      const { codec: exact } = makeCodec({ keyring, maxBytes: token.length });
      expect(exact.open(token, BINDING).payload).toStrictEqual(PAYLOAD);
      expect(createDecipheriv).toHaveBeenCalledTimes(1);
    });

    it('seal refuses, with a server-side error, a state that would pass maxBytes, before encrypting', () => {
      const { codec: roomy } = makeCodec();
      const length = roomy.seal(PAYLOAD, BINDING).length;
      expect(makeCodec({ maxBytes: length }).codec.seal(PAYLOAD, BINDING)).toHaveLength(length);
      createCipheriv.mockClear();
      let thrown: unknown;
      try {
        makeCodec({ maxBytes: length - 1 }).codec.seal(PAYLOAD, BINDING);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ElicitorError);
      expect(thrown).not.toBeInstanceOf(InvalidRequestStateError);
      expect((thrown as ElicitorError).code).toBe('REQUEST_STATE_TOO_LARGE');
      expect((thrown as Error).message).toContain(`${length} bytes, over the ${length - 1}-byte limit`);
      expect(createCipheriv).not.toHaveBeenCalled();
    });

    it('seal counts a state in UTF-8 bytes, so characters of two, three and four bytes meet the limit exactly', () => {
      const wide = { note: 'é€😀'.repeat(200) };
      const length = makeCodec().codec.seal(wide, BINDING).length;
      expect(makeCodec({ maxBytes: length }).codec.seal(wide, BINDING)).toHaveLength(length);
      expect(() => makeCodec({ maxBytes: length - 1 }).codec.seal(wide, BINDING)).toThrow(
        `${length} bytes, over the ${length - 1}-byte limit`,
      );
    });
  });

  describe('key rotation', () => {
    it('opens a token of the old key after a new key is put first, and seals with the new one', () => {
      const before = makeCodec({ keyring: Keyring.fromSecrets([OLD_SECRET]) }).codec;
      const oldToken = before.seal(PAYLOAD, BINDING);
      const rotatedRing = Keyring.fromSecrets([SECRET, OLD_SECRET]);
      const after = makeCodec({ keyring: rotatedRing }).codec;
      expect(after.open(oldToken, BINDING).payload).toStrictEqual(PAYLOAD);
      const newToken = after.seal(PAYLOAD, BINDING);
      expect(newToken.split('.')[1]).toBe(rotatedRing.keys[0].id);
      expect(newToken.split('.')[1]).not.toBe(oldToken.split('.')[1]);
    });

    it('rejects a token of a key that was retired from the ring', () => {
      const oldToken = makeCodec({ keyring: Keyring.fromSecrets([OLD_SECRET]) }).codec.seal(PAYLOAD, BINDING);
      const retired = makeCodec({ keyring: Keyring.fromSecrets([SECRET]) }).codec;
      expect(reasonOf(() => retired.open(oldToken, BINDING))).toBe('unknown_key');
    });

    it('opens a token sealed by another replica that shares the secrets', () => {
      const replicaA = makeCodec({ keyring: Keyring.fromSecrets([SECRET]) }).codec;
      const replicaB = makeCodec({ keyring: Keyring.fromSecrets([SECRET]) }).codec;
      expect(replicaB.open(replicaA.seal(PAYLOAD, BINDING), BINDING).payload).toStrictEqual(PAYLOAD);
    });
  });

  describe('errors and the reject hook', () => {
    it('throws the one public error and gives the reason only to the hook and the error object', () => {
      const { codec, rejections } = makeCodec();
      const error = rejectionOf(() => codec.open('garbage', BINDING));
      expect(error.message).toBe('Invalid or expired requestState');
      expect(error.reason).toBe('malformed');
      expect(error.data).toStrictEqual({ reason: 'invalid_request_state' });
      expect(rejections).toStrictEqual(['malformed']);
    });

    it('still throws the public error when the hook itself throws', () => {
      const { codec } = makeCodec({
        onReject: () => {
          throw new Error('logger down');
        },
      });
      expect(reasonOf(() => codec.open('garbage', BINDING))).toBe('malformed');
    });

    it('works without a hook and with the system clock', () => {
      const codec = new RequestStateCodec({ keyring: Keyring.random() });
      expect(codec.open(codec.seal(PAYLOAD, BINDING), BINDING).payload).toStrictEqual(PAYLOAD);
      expect(reasonOf(() => codec.open('garbage', BINDING))).toBe('malformed');
    });
  });

  describe('programming errors', () => {
    it('refuses a payload that is not a plain object', () => {
      const { codec } = makeCodec();
      for (const payload of [null, [], 'text'])
        expect(() => codec.seal(payload as object, BINDING)).toThrow(TypeError);
    });

    it('refuses a binding with a missing or non-string field', () => {
      const { codec } = makeCodec();
      const broken = [
        { ...BINDING, argsDigest: undefined },
        { ...BINDING, target: 7 },
        { ...BINDING, principal: null },
      ];
      for (const binding of broken)
        expect(() => codec.seal({}, binding as unknown as StateBinding)).toThrow(TypeError);
    });

    it.each<Partial<RequestStateCodecOptions>>([
      { ttlMs: 0 },
      { ttlMs: 1.5 },
      { maxBytes: -1 },
      { maxBytes: Number.NaN },
    ])('refuses the option %p', (options) => {
      expect(() => makeCodec(options)).toThrow(RangeError);
    });
  });
});
