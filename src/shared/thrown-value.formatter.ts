const MAX_LENGTH = 200;

/**
 * A value that was thrown, written for a log line: a string JSON-quoted (so control characters cannot
 * forge lines), a primitive as itself, an object as its JSON or its tag, a function by name; cut to
 * 200 characters. Never throws, whatever the value does (a throwing `toJSON`, a cycle, a revoked proxy).
 */
export function formatThrownValue(value: unknown): string {
  let text: string;
  try {
    text = describe(value);
  } catch {
    text = '(a value that cannot be printed)';
  }
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}… (${text.length} characters)` : text;
}

function describe(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return `[function ${value.name || 'anonymous'}]`;
    case 'object': {
      if (value === null) return 'null';
      try {
        return JSON.stringify(value) ?? Object.prototype.toString.call(value);
      } catch {
        return Object.prototype.toString.call(value);
      }
    }
    default:
      return String(value);
  }
}
