/** The value at quantile `q` (0..1) of already sorted numbers (nearest rank). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

/** The median of the finite values (mean of the middle two for an even count); NaN when there are none. */
export function median(values: readonly number[]): number {
  const sorted = Float64Array.from(values.filter((value) => Number.isFinite(value))).sort();
  if (sorted.length === 0) return NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
