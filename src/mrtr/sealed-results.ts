/**
 * Results the re-run model built itself. Their `requestState` is a token the codec sealed (`v1.`, a key id
 * and base64url: no character JSON escapes), so a transport may write it into JSON text as it is.
 */
const sealedResults = new WeakSet<object>();

export function markSealedResult<T extends object>(result: T): T {
  sealedResults.add(result);
  return result;
}

/** Whether `result` came from the re-run model with a `requestState` the codec sealed. */
export function isSealedResult(result: object): boolean {
  return sealedResults.has(result);
}
