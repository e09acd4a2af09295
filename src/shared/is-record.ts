/** A JSON object: not null and not an array (class instances count too; JSON never holds them). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
