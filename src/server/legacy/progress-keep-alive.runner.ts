/** The progress a legacy call has reported so far through `ctx.progress`, read by its keep-alive. */
export interface ReportedProgress {
  readonly lastProgress: number | undefined;
}

const WAITING_MESSAGE = 'Waiting for the user to answer';

/**
 * Sends `notifications/progress` for one legacy call, every `intervalMs` while at least one of its questions
 * waits for the client's answer, so a client that resets its request timeout on progress keeps waiting for a
 * person who takes their time. No timer exists while nothing waits.
 *
 * Progress must grow with each notification. A beat reports the handler's last progress (0 before any) plus
 * n/(n+1) for its n-th beat since that report: always more than the beat before, and always below the
 * handler's next whole step, so a handler counting in whole steps stays in order after the wait.
 */
export class ProgressKeepAlive {
  private waiting = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private base = 0;
  private beats = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly progressToken: string | number,
    private readonly reported: ReportedProgress,
    private readonly send: (params: Record<string, unknown>) => Promise<void>,
  ) {}

  /** A question starts waiting; the function it returns says it no longer does (once). */
  hold(): () => void {
    if (this.waiting++ === 0) {
      this.timer = setInterval(() => this.beat(), this.intervalMs);
      // The question's own wait keeps the call alive; the beat must not keep the process up by itself.
      this.timer.unref();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.waiting === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  private beat(): void {
    const reported = this.reported.lastProgress ?? 0;
    if (reported !== this.base) {
      this.base = reported;
      this.beats = 0;
    }
    this.beats++;
    const progress = this.base + this.beats / (this.beats + 1);
    // A beat that cannot be written changes nothing: the question's own request reports a dead stream.
    this.send({ progressToken: this.progressToken, progress, message: WAITING_MESSAGE }).catch(
      () => undefined,
    );
  }
}
