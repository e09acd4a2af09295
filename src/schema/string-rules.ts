/** What the full check and the predicate both need to test a string against `minLength`, `maxLength` and `pattern`. */

const patterns = new Map<string, RegExp>();

/** A schema's `pattern` as a Unicode regular expression, compiled once; throws for one that does not compile. */
export function compiledPattern(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern, 'u');
    patterns.set(pattern, regex);
  }
  return regex;
}

/** Length in code points, as JSON Schema counts it (a UTF-16 length over-counts astral characters). */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}
