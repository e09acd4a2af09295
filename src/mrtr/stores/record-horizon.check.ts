import { InvalidRequestStateError } from '../../errors/invalid-request-state.error.js';
import type { StateStore } from './state-store.js';

/** The reason logged when a state is refused because the store dropped records it may need. */
export const RECORDS_DROPPED = 'records_dropped';

/**
 * Whether `key`, found absent, is truly absent for a round whose requestState was issued at `issuedAt`.
 * When the store dropped its record before its TTL, the absence proves nothing, and acting on it could run
 * a `once` effect or a final round twice. A first round (no state) and a store that never drops live
 * records pass; a store that remembers the keys it dropped is asked about this key, any other about the
 * time from which it holds every record.
 */
export function keepsRecordsFor(store: StateStore, key: string, issuedAt: number | undefined): boolean {
  if (issuedAt === undefined) return true;
  if (store.mayHaveDropped !== undefined) return !store.mayHaveDropped(key, issuedAt);
  return store.keepsRecordsSince === undefined || issuedAt >= store.keepsRecordsSince();
}

/** Refuses such a round with the error an expired state gets (see {@link keepsRecordsFor}). */
export function assertRecordsKept(store: StateStore, key: string, issuedAt: number | undefined): void {
  if (!keepsRecordsFor(store, key, issuedAt)) throw new InvalidRequestStateError(RECORDS_DROPPED);
}
