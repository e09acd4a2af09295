/**
 * A number's decimal text, exactly as `String(value)` writes a finite number (`null` for the others, as JSON
 * does), made without V8's number-to-string cache. `String(value)`, a template and `'' + value` keep every
 * string they make in that cache, thousands of entries long, so a number that is new in each request (its
 * id) outlives the young generation's collections and is promoted: more garbage in the old generation, and a
 * young generation that grows to twice its size under load.
 */
export function numberText(value: number): string {
  return JSON.stringify(value);
}
