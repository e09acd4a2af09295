import { Keyring } from 'elicitor';
import type { ElicitorAppOptions } from 'elicitor';
import { RedisFleet, RedisStateStore } from 'elicitor/redis';

/**
 * What every replica of a fleet runs with: one Redis for the state store and for the 2025 sessions
 * (questions, answers, stream events, notifications), and the same keyring to seal requestState.
 */
export function fleetOptions(app: ElicitorAppOptions, env = process.env): ElicitorAppOptions {
  const keys = Keyring.fromEnv('ELICITOR_STATE_KEYS', env);
  if (!keys) throw new Error('Set ELICITOR_STATE_KEYS to the same secrets on every replica');
  const url = env.REDIS_URL;
  if (!url) throw new Error('Set REDIS_URL: the replicas share their sessions through it');
  const keyPrefix = `${app.name}:`; // apps sharing one Redis keep apart
  return {
    ...app,
    requestState: { ...app.requestState, keys },
    store: new RedisStateStore(url, { keyPrefix }),
    fleet: new RedisFleet(url, { keyPrefix }),
  };
}
