import { Keyring, MemoryStateStore } from 'elicitor';
import type { ElicitorAppOptions, StateStore } from 'elicitor';
import { shopOptions } from '../elicitation/shop.module.js';
import { createRedisStore } from '../security/redis-store.js';

/**
 * What every replica behind the load balancer runs with: the same keyring, so any replica opens a
 * requestState another one sealed, and the same store, so `once` and final results are shared.
 */
export function replicaOptions(
  app: ElicitorAppOptions,
  store: StateStore,
  env = process.env,
): ElicitorAppOptions {
  const keys = Keyring.fromEnv('ELICITOR_STATE_KEYS', env);
  if (!keys) throw new Error('Set ELICITOR_STATE_KEYS to the same secrets on every replica');
  // Each replica would keep its own once records: a replay on another one would charge again.
  if (store instanceof MemoryStateStore) throw new Error('Replicas need a shared store, such as Redis');
  return { ...app, requestState: { ...app.requestState, keys }, store };
}

/** Given with the root module: `Elicitor.create(ShopModule, productionOptions())`. */
export const productionOptions = (): ElicitorAppOptions => replicaOptions(shopOptions, createRedisStore());
