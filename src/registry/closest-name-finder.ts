/** Edits (insert, delete, substitute) that turn `from` into `to`; two rows of the classic table. */
function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index);
  for (let row = 1; row <= from.length; row++) {
    const current = [row];
    for (let column = 1; column <= to.length; column++) {
      const substitution = previous[column - 1]! + (from[row - 1] === to[column - 1] ? 0 : 1);
      current[column] = Math.min(previous[column]! + 1, current[column - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[to.length]!;
}

/** Case and separators are the usual slips (`payBill`, `pay-bill`), so they are compared away. */
function normalise(name: string): string {
  return name.toLowerCase().replace(/[-_\s.]/g, '');
}

/**
 * The registered name a mistyped one most likely meant, or undefined when none is close: at most a
 * third of the name's length in edits (and at least one), ties going to the first registered.
 */
export function findClosestName(wanted: string, registered: Iterable<string>): string | undefined {
  const target = normalise(wanted);
  const budget = Math.max(1, Math.floor(target.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of registered) {
    const distance = editDistance(target, normalise(name));
    if (distance <= budget && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
