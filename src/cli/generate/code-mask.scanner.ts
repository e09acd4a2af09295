/**
 * Blanks the inside of comments, strings and template literals with spaces, keeping
 * every offset (and each quote character) in place. Searching and bracket matching on
 * the mask then cannot be fooled by a `{` or `tools:` inside a string or comment.
 * Regular-expression literals are not recognised; an entry file rarely holds one.
 */
export function maskCode(source: string): string {
  const chars = source.split('');
  let index = 0;
  const blank = (from: number, to: number): void => {
    for (let i = from; i < to; i++) if (chars[i] !== '\n') chars[i] = ' ';
  };
  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      const stop = end === -1 ? source.length : end;
      blank(index, stop);
      index = stop;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(index, stop);
      index = stop;
    } else if (char === "'" || char === '"' || char === '`') {
      const stop = findStringEnd(source, index);
      blank(index + 1, stop - 1);
      index = stop;
    } else {
      index++;
    }
  }
  return chars.join('');
}

/** Index just after the closing quote; template expressions are skipped as part of the literal. */
function findStringEnd(source: string, start: number): number {
  const quote = source[start];
  let index = start + 1;
  let depth = 0;
  while (index < source.length) {
    const char = source[index];
    if (char === '\\') {
      index += 2;
      continue;
    }
    if (quote === '`' && char === '$' && source[index + 1] === '{') {
      depth++;
      index += 2;
      continue;
    }
    if (quote === '`' && depth > 0 && char === '}') depth--;
    else if (char === quote && depth === 0) return index + 1;
    else if (char === '\n' && quote !== '`') return index;
    index++;
  }
  return source.length;
}

const CLOSING: Record<string, string> = { '{': '}', '[': ']', '(': ')' };

/** Index of the bracket closing the one at `open`, on masked code; -1 when unbalanced. */
export function findClosingBracket(masked: string, open: number): number {
  const stack: string[] = [];
  for (let index = open; index < masked.length; index++) {
    const char = masked[index];
    if (char in CLOSING) stack.push(CLOSING[char]);
    else if (char === '}' || char === ']' || char === ')') {
      if (stack.pop() !== char) return -1;
      if (stack.length === 0) return index;
    }
  }
  return -1;
}

/** Start/end offsets of the top-level comma-separated items between `from` and `to`, trimmed. */
export function splitTopLevel(
  masked: string,
  from: number,
  to: number,
): Array<{ start: number; end: number }> {
  const items: Array<{ start: number; end: number }> = [];
  let depth = 0;
  let itemStart = from;
  const push = (end: number): void => {
    let start = itemStart;
    let stop = end;
    while (start < stop && /\s/.test(masked[start])) start++;
    while (stop > start && /\s/.test(masked[stop - 1])) stop--;
    if (stop > start) items.push({ start, end: stop });
  };
  for (let index = from; index < to; index++) {
    const char = masked[index];
    if (char in CLOSING) depth++;
    else if (char === '}' || char === ']' || char === ')') depth--;
    else if (char === ',' && depth === 0) {
      push(index);
      itemStart = index + 1;
    }
  }
  push(to);
  return items;
}
