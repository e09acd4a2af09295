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

/**
 * Final results the re-run model serialised to record them, with that text: the reply can reuse it rather
 * than serialise the same result a second time.
 */
const recordedTexts = new WeakMap<object, string>();

/** Remembers `json`, exactly `JSON.stringify(result)`, as the text of `result`. */
export function rememberResultJson(result: unknown, json: string): void {
  if (typeof result === 'object' && result !== null) recordedTexts.set(result, json);
}

/** The text `rememberResultJson` kept for `result`, if any. */
export function recordedJsonOf(result: object): string | undefined {
  return recordedTexts.get(result);
}
