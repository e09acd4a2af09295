import type { CallInfo } from './call-info.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';

/** Runs `interceptors` outermost first around `handler`. */
export function runInterceptorChain(
  interceptors: readonly ElicitorInterceptor[],
  call: CallInfo,
  handler: () => Promise<unknown>,
): Promise<unknown> {
  const step = (index: number): Promise<unknown> => {
    if (index === interceptors.length) return handler();
    const interceptor = interceptors[index]!;
    let called = false;
    return interceptor.intercept(call, () => {
      if (called) return Promise.reject(new Error('next() was called twice by one interceptor'));
      called = true;
      return step(index + 1);
    });
  };
  return step(0);
}
