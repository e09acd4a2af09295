/**
 * What waits on a request's abort needs of it: whether and why it was aborted, and a call when it is.
 * `RequestAbort` offers it without making an `AbortSignal`: Node builds every signal with fresh hidden
 * classes, some kilobytes that outlive the young generation, on every call that asks something.
 */
export interface AbortWatch {
  readonly aborted: boolean;
  readonly reason: unknown;
  /** Calls `listener` once if the request is aborted from now on (check `aborted` first); returns how to stop. */
  onAbort(listener: () => void): () => void;
}

/** An `AbortSignal` seen as an {@link AbortWatch}. */
export function abortWatchOf(signal: AbortSignal): AbortWatch {
  return {
    get aborted() {
      return signal.aborted;
    },
    get reason() {
      return signal.reason as unknown;
    },
    onAbort(listener) {
      signal.addEventListener('abort', listener, { once: true });
      return () => signal.removeEventListener('abort', listener);
    },
  };
}
