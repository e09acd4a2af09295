import { describe, expect, it } from '@jest/globals';
import { Keyring } from './keyring.js';
import { RequestStateCodec } from './request-state.codec.js';
import type { StateBinding } from './request-state.codec.js';
import { BASE64URL_ALPHABET, reasonOf } from './request-state-codec.spec-helper.js';

// A token has one spelling: every other text that decodes to the same bytes is refused as malformed.
const BINDING: StateBinding = { method: 'tools/call', target: 'place_order', argsDigest: 'YXJncy1kaWdlc3Q' };
const PAYLOAD = { answers: { contact: { action: 'accept', content: { name: 'Ada' } } }, memo: { quote: 7 } };

function makeCodec() {
  return {
    codec: new RequestStateCodec({ keyring: Keyring.fromSecrets(['spelling-secret-0123456789abcdef']) }),
  };
}

describe('RequestStateCodec: the spelling of a token', () => {
  it('malformed: wrong version, missing parts, padding, bad alphabet, non-canonical ending, too short', () => {
    const { codec } = makeCodec();
    const token = codec.seal(PAYLOAD, BINDING);
    const [, keyId, body] = token.split('.');
    const shortBody = Buffer.alloc(28).toString('base64url');
    const candidates = [
      '',
      'v1',
      'v1.',
      `v2.${keyId}.${body}`,
      `V1.${keyId}.${body}`,
      `v1.${keyId}`,
      `v1.${keyId}.`,
      `v1.${keyId}.${body}=`,
      `v1.${keyId}.${body.slice(0, -1)}+`,
      `v1.${keyId}.${body}.${body}`,
      `v1.${keyId}.${body.slice(0, 5)} ${body.slice(5)}`,
      `v1.${keyId}.${shortBody}`,
    ];
    for (const candidate of candidates)
      expect([candidate, reasonOf(() => codec.open(candidate, BINDING))]).toStrictEqual([
        candidate,
        'malformed',
      ]);
  });

  it('malformed: a non-canonical last character that decodes to the same bytes', () => {
    const { codec } = makeCodec();
    let token = codec.seal(PAYLOAD, BINDING);
    while (token.slice(token.lastIndexOf('.') + 1).length % 4 === 0)
      token = codec.seal({ ...PAYLOAD, pad: token.length }, BINDING);
    const last = BASE64URL_ALPHABET.indexOf(token[token.length - 1]);
    const sameBytes = token.slice(0, -1) + BASE64URL_ALPHABET[last | 1];
    expect(Buffer.from(sameBytes.split('.')[2], 'base64url')).toStrictEqual(
      Buffer.from(token.split('.')[2], 'base64url'),
    );
    expect(reasonOf(() => codec.open(sameBytes, BINDING))).toBe('malformed');
  });

  it('malformed: the same bytes spelt with the standard alphabet, or with a character the decoder skips', () => {
    const { codec } = makeCodec();
    let token = codec.seal(PAYLOAD, BINDING);
    while (!/[-_]/.test(token.split('.')[2]!)) token = codec.seal({ ...PAYLOAD, pad: token.length }, BINDING);
    const [, keyId, body] = token.split('.') as [string, string, string];
    const standard = body.replace(/-/g, '+').replace(/_/g, '/');
    const spaced = `${body.slice(0, 8)}\n${body.slice(8, 12)}$${body.slice(12)}`;
    for (const spelling of [standard, spaced]) {
      expect(Buffer.from(spelling, 'base64url')).toStrictEqual(Buffer.from(body, 'base64url'));
      expect(reasonOf(() => codec.open(`v1.${keyId}.${spelling}`, BINDING))).toBe('malformed');
    }
  });
});
