import { OutcomeUnknownError } from '../../errors/outcome-unknown.error.js';
import type { StateStore } from './state-store.js';

/**
 * `setIfAbsent` for a round whose requestState was issued under `generation`. Resolves whether it stored;
 * throws {@link OutcomeUnknownError} when the key is absent and the store is in another generation, since
 * the absent key may be a record the store lost. A first round (no generation) and a store without
 * generations only set.
 */
export function setIfAbsentInGeneration(
  store: StateStore,
  key: string,
  value: string,
  ttlMs: number,
  generation: string | undefined,
): Promise<boolean> {
  if (generation === undefined || store.setIfAbsentInGeneration === undefined)
    return store.setIfAbsent(key, value, ttlMs);
  return store.setIfAbsentInGeneration(key, value, ttlMs, generation).then((claim) => {
    if (claim === 'stored') return true;
    if (claim === 'present') return false;
    throw new OutcomeUnknownError(generation, claim.forgotten);
  });
}
