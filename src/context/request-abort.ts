import type { AbortWatch } from './abort-watch.js';

/**
 * The abort state of one request, made by the transport that received it and handed unchanged to the
 * environment and the context. The `AbortSignal` exists only once someone reads `signal`; `aborted` never
 * makes it. A request that follows a caller's signal (the testing kit) reads that signal instead. Code of
 * Elicitor's own that waits on the abort uses `onAbort`, which makes no signal either.
 */
export class RequestAbort implements AbortWatch {
  private controller: AbortController | undefined;
  private abortedWith: { reason: unknown } | undefined;
  private listeners: Array<() => void> | undefined;
  /** Set while someone watches and the request follows a caller's signal. */
  private followsSource: (() => void) | undefined;

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

  get reason(): unknown {
    return this.abortedWith ? this.abortedWith.reason : this.source?.reason;
  }

  onAbort(listener: () => void): () => void {
    const listeners = (this.listeners ??= []);
    listeners.push(listener);
    // A caller's signal may fire by itself; it is followed only while someone watches.
    if (this.source && !this.followsSource) this.followSource(this.source);
    return () => {
      const at = listeners.indexOf(listener);
      if (at >= 0) listeners.splice(at, 1);
      if (listeners.length === 0 && this.followsSource) this.unfollowSource();
    };
  }

  /** Aborts once: later calls keep the first reason. */
  abort(reason: unknown): void {
    if (this.abortedWith) return;
    this.abortedWith = { reason };
    this.controller?.abort(reason);
    if (this.followsSource) this.unfollowSource();
    const listeners = this.listeners;
    this.listeners = undefined;
    if (listeners) for (const listener of [...listeners]) listener();
  }

  private followSource(source: AbortSignal): void {
    this.followsSource = () => this.abort(source.reason);
    source.addEventListener('abort', this.followsSource, { once: true });
  }

  private unfollowSource(): void {
    this.source!.removeEventListener('abort', this.followsSource!);
    this.followsSource = undefined;
  }
}
