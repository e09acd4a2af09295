import type { CallInfo } from './call-info.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';

/**
 * Runs `interceptors` outermost first around `handler`. The first `builtInLevels` are Elicitor's own, which
 * call `next` exactly once: they share one `next` per call. Each of the app's interceptors gets a `next` of
 * its own, which refuses a second call.
 */
export function runInterceptorChain(
  interceptors: readonly ElicitorInterceptor[],
  call: CallInfo,
  handler: () => Promise<unknown>,
  builtInLevels = 0,
): Promise<unknown> {
  return new ChainRun(interceptors, call, handler, builtInLevels).from(0);
}

/** One call's walk down its chain. */
class ChainRun {
  /** The level the shared `next` runs: the one after the built-in level that was entered last. */
  private position = 0;

  /** The `next` of every built-in level: a built-in level runs the next one only from within its own call. */
  private readonly advance: () => Promise<unknown>;

  constructor(
    private readonly interceptors: readonly ElicitorInterceptor[],
    private readonly call: CallInfo,
    private readonly handler: () => Promise<unknown>,
    private readonly builtInLevels: number,
  ) {
    // Assigned here rather than as a field initialiser, which a bundle wraps to name on every call.
    this.advance = () => this.from(this.position);
  }

  from(index: number): Promise<unknown> {
    const { interceptors } = this;
    if (index === interceptors.length) return this.handler();
    const interceptor = interceptors[index]!;
    if (index < this.builtInLevels) {
      this.position = index + 1;
      return interceptor.intercept(this.call, this.advance);
    }
    let called = false;
    return interceptor.intercept(this.call, () => {
      if (called) return Promise.reject(new Error('next() was called twice by one interceptor'));
      called = true;
      return this.from(index + 1);
    });
  }
}
