import { describe, expect, it } from '@jest/globals';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error.js';
import { Keyring } from './keyring.js';
import { RequestStateCodec } from './request-state.codec.js';
import type { StateBinding } from './request-state.codec.js';

/** The binding digests the codec remembers must never let one binding's state open under another. */
describe('RequestStateCodec binding digests', () => {
  const codec = new RequestStateCodec({ keyring: Keyring.fromSecrets(['binding-secret-0123456789abcdef']) });
  const signedIn: StateBinding = { method: 'tools/call', target: 'book', argsDigest: 'YXJncy1kaWdlc3Q' };
  const payload = { c: 'call-1', r: 1 };

  const refusal = (token: string, binding: StateBinding): string | undefined => {
    try {
      codec.open(token, binding);
      return undefined;
    } catch (error) {
      return error instanceof InvalidRequestStateError ? error.reason : String(error);
    }
  };

  it('tells no principal from an empty one, both ways, once both digests are remembered', () => {
    const anonymous = { ...signedIn, principal: undefined };
    const empty = { ...signedIn, principal: '' };
    const sealedAnonymous = codec.seal(payload, anonymous);
    const sealedEmpty = codec.seal(payload, empty);
    expect(codec.open(sealedAnonymous, anonymous).payload).toStrictEqual(payload);
    expect(codec.open(sealedEmpty, empty).payload).toStrictEqual(payload);
    expect(refusal(sealedAnonymous, empty)).toBe('binding_mismatch');
    expect(refusal(sealedEmpty, anonymous)).toBe('binding_mismatch');
  });

  it('opens a state after thousands of other bindings turned the remembered digests over', () => {
    const token = codec.seal(payload, signedIn);
    for (let i = 0; i < 5_000; i++) codec.seal(payload, { ...signedIn, target: `tool-${i}` });
    expect(codec.open(token, signedIn).payload).toStrictEqual(payload);
    expect(refusal(token, { ...signedIn, target: 'tool-1' })).toBe('binding_mismatch');
  });
});

describe('RequestStateCodec key ids', () => {
  it('refuses a key id outside base64url, so a token never needs escaping in JSON', () => {
    const { keys } = Keyring.fromSecrets(['binding-secret-0123456789abcdef']);
    const forged = { keys: [{ ...keys[0]!, id: 'a"b' }], sealingKey: { ...keys[0]!, id: 'a"b' } };
    expect(() => new RequestStateCodec({ keyring: forged as unknown as Keyring })).toThrow(
      'Invalid requestState key id: "a\\"b"',
    );
  });
});
