/** Splits any spelling (kebab, snake, camel, Pascal, spaced) into lower-case words. */
export function splitWords(input: string): string[] {
  const words = input.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [];
  return words.map((word) => word.toLowerCase());
}

export function toKebabCase(input: string): string {
  return splitWords(input).join('-');
}

export function toPascalCase(input: string): string {
  return splitWords(input)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

export function toCamelCase(input: string): string {
  const pascal = toPascalCase(input);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}
