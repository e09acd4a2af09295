import { InvalidRequestStateError } from '../../errors/invalid-request-state.error.js';
import type { StateStore } from './state-store.js';

/** The reason logged when a state is refused because the store dropped records it may need. */
export const RECORDS_DROPPED = 'records_dropped';

/**
 * Whether the store still holds every record a round may need whose requestState was issued at
 * `issuedAt`. When it has dropped one before its TTL, a key found absent proves nothing, and acting on it
 * could run a `once` effect or a final round twice. A first round (no state) and a store that never drops
 * live records pass.
 */
export function keepsRecordsFor(store: StateStore, issuedAt: number | undefined): boolean {
  return (
    issuedAt === undefined || store.keepsRecordsSince === undefined || issuedAt >= store.keepsRecordsSince()
  );
}

/** Refuses such a round with the error an expired state gets (see {@link keepsRecordsFor}). */
export function assertRecordsKept(store: StateStore, issuedAt: number | undefined): void {
  if (!keepsRecordsFor(store, issuedAt)) throw new InvalidRequestStateError(RECORDS_DROPPED);
}
