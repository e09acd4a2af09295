/** A point in time that waits race against: a shutdown budget split between several waits. */
export class Deadline {
  private readonly expired: Promise<false>;
  private timer: NodeJS.Timeout | undefined;

  constructor(timeoutMs: number) {
    this.expired = new Promise((resolve) => {
      this.timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs));
      // A budget alone never keeps the process up.
      this.timer.unref();
    });
  }

  /** True when `work` settles (fulfilled or rejected) before the deadline, false once the deadline passes. */
  race(work: Promise<unknown>): Promise<boolean> {
    const settled = work.then(
      () => true as const,
      () => true as const,
    );
    return Promise.race([settled, this.expired]);
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
