/**
 * An abort signal made only when someone reads it: most requests finish without anyone looking, and
 * an AbortController per request is measurable on the hot path.
 */
export class LazyAbort {
  private controller: AbortController | undefined;
  private abortedWith: { reason: unknown } | undefined;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.abortedWith) this.controller.abort(this.abortedWith.reason);
    }
    return this.controller.signal;
  }

  get aborted(): boolean {
    return this.abortedWith !== undefined;
  }

  abort(reason: unknown): void {
    if (this.abortedWith) return;
    this.abortedWith = { reason };
    this.controller?.abort(reason);
  }
}
