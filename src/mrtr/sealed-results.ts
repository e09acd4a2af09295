/*
 * Marks on result objects, kept as non-enumerable symbol properties: JSON text, spreads and `Object.assign`
 * never carry them, so a copy an interceptor makes is not taken for the original. A weak set or map would
 * do the same at several times the cost on every round, and leave the collector weak tables to clear.
 */
const SEALED = Symbol('elicitor.sealedResult');
const RECORDED_JSON = Symbol('elicitor.recordedJson');

type Marked = { [SEALED]?: true; [RECORDED_JSON]?: string };

/**
 * Results the re-run model built itself. Their `requestState` is a token the codec sealed (`v1.`, a key id
 * and base64url: no character JSON escapes), so a transport may write it into JSON text as it is.
 */
export function markSealedResult<T extends object>(result: T): T {
  Object.defineProperty(result, SEALED, { value: true });
  return result;
}

/** Whether `result` came from the re-run model with a `requestState` the codec sealed. */
export function isSealedResult(result: object): boolean {
  return (result as Marked)[SEALED] === true;
}

/**
 * Final results the re-run model serialised to record them, with that text: the reply can reuse it rather
 * than serialise the same result a second time. A result that cannot take the mark (frozen) is serialised
 * again.
 */
export function rememberResultJson(result: unknown, json: string): void {
  if (typeof result !== 'object' || result === null || !Object.isExtensible(result)) return;
  try {
    Object.defineProperty(result, RECORDED_JSON, { value: json, configurable: true, writable: true });
  } catch {
    // A proxy may refuse the property: the reply then serialises the result itself.
  }
}

/**
 * The text `rememberResultJson` kept for `result`, if any, taken off it: a tool that returns the same object
 * again, changed, has it serialised afresh.
 */
export function takeRecordedJson(result: object): string | undefined {
  const json = (result as Marked)[RECORDED_JSON];
  if (json === undefined) return undefined;
  delete (result as Marked)[RECORDED_JSON];
  return json;
}
