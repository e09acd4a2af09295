import { Keyring, TEST_STATE_SECRET } from '../mrtr/keyring.js';

/** A fixed keyring for tests, so sealed states are reproducible across app instances. */
export function testKeyring(): Keyring {
  return Keyring.fromSecrets([TEST_STATE_SECRET]);
}

/** The public secret of {@link testKeyring}, e.g. for `ELICITOR_STATE_KEYS` in a test that starts a server. */
export const testKeyringSecret: string = TEST_STATE_SECRET;
