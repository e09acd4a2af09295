import type { RequestStateOptions } from 'elicitor';

/**
 * The newest secret comes first: it seals every new requestState. Every secret listed still opens
 * states sealed earlier, so rotating is: put the new secret first, keep the old one until its states expire.
 */
export function requestStateOptions(env: NodeJS.ProcessEnv = process.env): RequestStateOptions {
  const secrets = [env.STATE_KEY_CURRENT, env.STATE_KEY_PREVIOUS].filter(
    (secret): secret is string => !!secret,
  );
  if (secrets.length === 0) throw new Error('Set STATE_KEY_CURRENT (and STATE_KEY_PREVIOUS while rotating)');
  return {
    keys: secrets,
    ttlMs: 15 * 60_000, // how long the user may take to answer; also how long once records are kept
    maxBytes: 8 * 1024, // a larger requestState is refused before any decryption
  };
}
