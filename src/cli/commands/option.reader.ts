import { InvalidArgumentError } from 'commander';

export function parsePositiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new InvalidArgumentError('expected a whole number above 0');
  return parsed;
}

/** For repeatable options: `-H a -H b` -> ['a', 'b']. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
