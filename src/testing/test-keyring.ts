import { Keyring } from '../mrtr/keyring.js';

/** A fixed keyring for tests, so sealed states are reproducible across app instances. */
export function testKeyring(): Keyring {
  return Keyring.fromSecrets(['elicitor-test-key-0001-do-not-use-in-production']);
}
