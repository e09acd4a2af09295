import type { Spread } from './summary.js';

/** A plain-text table: the first column (and any listed in `leftColumns`) left-aligned, the others right-aligned. */
export function textTable(headers: string[], rows: string[][], leftColumns: number[] = []): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const left = new Set([0, ...leftColumns]);
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (left.has(column) ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export const fixed = (value: number, digits = 0): string =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–';

export const megabytes = (bytes: number): string => fixed(bytes / 1024 / 1024, 0);

export const times = (ratio: number | undefined): string =>
  ratio === undefined ? '' : `${fixed(ratio, 2)}×`;

/** A median ratio with its quartiles, e.g. `1.57× (1.53–1.73)`. */
export const spread = (value: Spread | undefined): string =>
  value === undefined
    ? ''
    : `${times(value.median)} (${fixed(value.lowQuartile, 2)}–${fixed(value.highQuartile, 2)})`;
