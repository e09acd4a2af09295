/** What a fuzz run saw: counts by outcome, and the first few problems to quote. */
export class FuzzTally {
  sent = 0;
  readonly byStatus = new Map<string, number>();
  readonly byCategory = new Map<string, number>();
  fiveXx = 0;
  notJsonRpc = 0;
  hangs = 0;
  dropped = 0;
  /** Lines that should have had a reply (-32700 or -32600 with a null id) and got none. */
  unanswered = 0;
  /** stdio replies by outcome: the error code, or `result`. */
  readonly byReply = new Map<string, number>();
  readonly problems: string[] = [];

  count(category: string, status: string): void {
    this.sent++;
    this.byCategory.set(category, (this.byCategory.get(category) ?? 0) + 1);
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  reply(outcome: string): void {
    this.byReply.set(outcome, (this.byReply.get(outcome) ?? 0) + 1);
  }

  problem(kind: 'fiveXx' | 'notJsonRpc' | 'hangs' | 'dropped' | 'unanswered', detail: string): void {
    this[kind]++;
    if (this.problems.length < 5) this.problems.push(`${kind}: ${detail.slice(0, 300)}`);
  }

  /** `200:1234 400:567 ...`, sorted by status. */
  statusLine(): string {
    return countsLine(this.byStatus);
  }

  categoryLine(): string {
    return countsLine(this.byCategory);
  }

  /** `-32700:40 -32600:120 result:300 ...`, sorted by outcome. */
  replyLine(): string {
    return countsLine(this.byReply);
  }
}

function countsLine(counts: ReadonlyMap<string, number>): string {
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key}:${count}`)
    .join(' ');
}
