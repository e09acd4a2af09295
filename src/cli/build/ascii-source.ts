const NON_ASCII = /(\\*)([\u0080-\uffff])/g;

/**
 * The bundle's JavaScript with every non-ASCII UTF-16 unit written as a `\uXXXX` escape. V8 keeps a
 * module's source in memory for as long as the process runs, in two bytes per character as soon as one
 * character is beyond Latin-1; esbuild escapes strings but leaves regular expression literals (such as
 * class-validator's locale alphabets) as they are, which doubled the bundle's resident source.
 * The escape means the same in strings, templates, regular expressions (with or without `u`, where an
 * escaped surrogate pair is one code point), identifiers and comments; a character after an odd run of
 * backslashes was an identity escape, whose backslash the `\u` escape replaces.
 */
export function asciiOnly(source: string): string {
  return source.replace(NON_ASCII, (_match, backslashes: string, unit: string) => {
    const kept = backslashes.length % 2 === 1 ? backslashes.slice(1) : backslashes;
    return `${kept}\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
