import { CliError } from '../shared/cli.error.js';

/**
 * Splits a command line the way a POSIX shell splits words: whitespace separates,
 * single quotes keep everything, double quotes keep all but `\"` and `\\`, and a
 * backslash outside quotes escapes the next character. No expansion of any kind.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === '\\' && (line[index + 1] === '"' || line[index + 1] === '\\')) word += line[++index];
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === '\\' && index + 1 < line.length) {
      word += line[++index];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote) throw new CliError(`Unclosed ${quote} quote in the server command: ${line}`);
  if (inWord) words.push(word);
  return words;
}
