/** What a fuzz run saw: counts by outcome, and the first few problems to quote. */
export class FuzzTally {
  sent = 0;
  readonly byStatus = new Map<string, number>();
  readonly byCategory = new Map<string, number>();
  fiveXx = 0;
  notJsonRpc = 0;
  hangs = 0;
  dropped = 0;
  readonly problems: string[] = [];

  count(category: string, status: string): void {
    this.sent++;
    this.byCategory.set(category, (this.byCategory.get(category) ?? 0) + 1);
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  problem(kind: 'fiveXx' | 'notJsonRpc' | 'hangs' | 'dropped', detail: string): void {
    this[kind]++;
    if (this.problems.length < 5) this.problems.push(`${kind}: ${detail.slice(0, 300)}`);
  }

  /** `200:1234 400:567 ...`, sorted by status. */
  statusLine(): string {
    return [...this.byStatus.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status}:${count}`)
      .join(' ');
  }

  categoryLine(): string {
    return [...this.byCategory.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([category, count]) => `${category}:${count}`)
      .join(' ');
  }
}
