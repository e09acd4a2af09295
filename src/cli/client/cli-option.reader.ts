import { CliError } from '../shared/cli.error.js';

/** `--args '{"a":1}'` as an object; absent means no arguments. */
export function parseToolArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`--args is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError('--args must be a JSON object, like \'{"city":"Paris"}\'');
  }
  return value as Record<string, unknown>;
}

/** `-H "Authorization: Bearer x"` entries as a header record. */
export function parseHeaders(entries: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    const name = colon === -1 ? '' : entry.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new CliError(`--header must look like "Name: value", got "${entry}"`);
    }
    headers[name] = entry.slice(colon + 1).trim();
  }
  return headers;
}
