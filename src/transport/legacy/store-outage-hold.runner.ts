import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';

/** How long to keep trying a store operation through an outage, and how often. */
export interface StoreOutageHold {
  /** Tries stop once this much time has passed since the first; the last failure is then thrown. */
  holdMs: number;
  /** The pause between two tries. */
  pauseMs: number;
}

/**
 * Runs `operation`, trying again while it fails with `StoreUnavailableError` and the hold lasts. Each try
 * is bounded by the store's own command timeout, so the hold bounds the whole. Any other error, and the
 * store's error once the hold is over, is thrown as it came.
 */
export async function holdThroughStoreOutage<T>(
  operation: () => Promise<T>,
  { holdMs, pauseMs }: StoreOutageHold,
): Promise<T> {
  const deadline = Date.now() + holdMs;
  for (;;) {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || Date.now() + pauseMs >= deadline) throw error;
    }
    // Unref'd: a try still owed must not keep a closing process alive.
    await new Promise((resolve) => setTimeout(resolve, pauseMs).unref());
  }
}

/**
 * Keeps trying `operation` in the background until it succeeds or `giveUpAfterMs` passed: a write the
 * store owes once it is back. `onGiveUp` hears the last failure.
 */
export function retryUntilStoreIsBack(
  operation: () => Promise<unknown>,
  { giveUpAfterMs, pauseMs }: { giveUpAfterMs: number; pauseMs: number },
  onGiveUp: (error: unknown) => void,
): void {
  void holdThroughStoreOutage(operation, { holdMs: giveUpAfterMs, pauseMs }).catch(onGiveUp);
}
