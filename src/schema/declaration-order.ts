/**
 * Merges lists that each hold names in declaration order into one list in that order. A name only
 * one list knows goes as late as that list allows, so when lists cannot tell, the earlier list wins.
 */
export function mergeDeclarationOrder(lists: readonly (readonly string[])[]): string[] {
  const merged: string[] = [];
  for (const list of lists) {
    let after = 0;
    list.forEach((name, index) => {
      const existing = merged.indexOf(name);
      if (existing >= 0) {
        after = Math.max(after, existing + 1);
        return;
      }
      const nextKnown = list.slice(index + 1).find((later) => merged.includes(later));
      const position = nextKnown === undefined ? merged.length : Math.max(after, merged.indexOf(nextKnown));
      merged.splice(position, 0, name);
      after = position + 1;
    });
  }
  return merged;
}
