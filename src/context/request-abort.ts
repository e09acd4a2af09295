/**
 * The abort state of one request, made by the transport that received it and handed unchanged to the
 * environment and the context. The `AbortSignal` exists only once someone reads `signal`; `aborted` never
 * makes it. A request that follows a caller's signal (the testing kit) reads that signal instead.
 */
export class RequestAbort {
  private controller: AbortController | undefined;
  private abortedWith: { reason: unknown } | undefined;

  /** `source`: a signal that already carries the request's abort, used as is until `abort()` is called. */
  constructor(private readonly source?: AbortSignal) {}

  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    if (this.abortedWith === undefined && this.source) return this.source;
    this.controller = new AbortController();
    if (this.abortedWith) this.controller.abort(this.abortedWith.reason);
    return this.controller.signal;
  }

  /** Whether the request was abandoned; reading it does not make the signal. */
  get aborted(): boolean {
    return this.abortedWith !== undefined || (this.source?.aborted ?? false);
  }

  /** Aborts once: later calls keep the first reason. */
  abort(reason: unknown): void {
    if (this.abortedWith) return;
    this.abortedWith = { reason };
    this.controller?.abort(reason);
  }
}
