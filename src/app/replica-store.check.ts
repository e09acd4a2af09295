import { ElicitorError } from '../errors/elicitor.error.js';
import { DEFAULT_KEYS_ENV_VAR } from '../mrtr/keyring.js';
import type { Keyring } from '../mrtr/keyring.js';
import { MemoryStateStore } from '../mrtr/stores/memory.store.js';
import type { StateStore } from '../mrtr/stores/state-store.js';

/** What decides whether keys from the environment may meet an in-memory store. */
export interface ReplicaStoreFacts {
  /** The keyring read from `ELICITOR_STATE_KEYS`, when that is where the keys came from. */
  envKeyring: Keyring | undefined;
  /** The `store` option as given; undefined means the default in-memory store. */
  store: StateStore | undefined;
  /** The app's explicit `singleInstance: true`. */
  singleInstance: boolean | undefined;
}

/**
 * Refuses keys shared through the environment with a store kept in memory: keys in
 * `ELICITOR_STATE_KEYS` say "replicas", and each replica would keep its own `once` records, so a
 * state replayed on another replica runs a once effect (a charge) again. The testing kit's public key
 * is a test app, never a deployment.
 */
export function checkReplicaStore({ envKeyring, store, singleInstance }: ReplicaStoreFacts): void {
  if (envKeyring === undefined || envKeyring.forTests || singleInstance === true) return;
  if (store !== undefined && !(store instanceof MemoryStateStore)) return;
  throw new ElicitorError(
    'MEMORY_STORE_WITH_SHARED_KEYS',
    `${DEFAULT_KEYS_ENV_VAR} is set, so replicas may share requestState keys, but once records and final results are kept in memory: a state replayed on another replica would run a once effect (a charge) again. Pass a shared store (store: new RedisStateStore(url) from elicitor/redis), or set singleInstance: true when this process is the only one serving these keys.`,
  );
}
