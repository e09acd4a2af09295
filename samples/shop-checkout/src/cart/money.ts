/** `1234` → `$12.34`. Amounts are whole cents everywhere, so sums never drift. */
export function money(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
