import { describe, expect, it, jest } from '@jest/globals';
import type { CallInfo } from './call-info.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';
import { runInterceptorChain } from './interceptor-chain.js';

const call = { name: 'probe' } as unknown as CallInfo;

/** An interceptor that logs around `next`, optionally after a turn of the event loop. */
function logging(name: string, log: string[], options: { late?: boolean } = {}): ElicitorInterceptor {
  return {
    async intercept(_call, next) {
      log.push(`${name} in`);
      if (options.late) await new Promise((resolve) => setImmediate(resolve));
      const result = await next();
      log.push(`${name} out`);
      return `${name}(${String(result)})`;
    },
  };
}

describe('runInterceptorChain', () => {
  it('runs built-in and app levels outermost first around the handler', async () => {
    const log: string[] = [];
    const chain = [
      logging('a', log),
      logging('b', log, { late: true }),
      logging('c', log),
      logging('d', log),
    ];
    const result = await runInterceptorChain(chain, call, () => Promise.resolve('handler'), 2);
    expect(result).toBe('a(b(c(d(handler))))');
    expect(log).toStrictEqual(['a in', 'b in', 'c in', 'd in', 'd out', 'c out', 'b out', 'a out']);
  });

  it('keeps the order when built-in levels call next only after other calls ran theirs', async () => {
    const chain = [logging('a', [], { late: true }), logging('b', [], { late: true })];
    const handler = () => Promise.resolve('handler');
    const results = await Promise.all([
      runInterceptorChain(chain, call, handler, 2),
      runInterceptorChain(chain, call, handler, 2),
    ]);
    expect(results).toStrictEqual(['a(b(handler))', 'a(b(handler))']);
  });

  it("refuses an app interceptor's second call to next, whichever level it is", async () => {
    let second: Promise<unknown> | undefined;
    const twice: ElicitorInterceptor = {
      async intercept(_call, next) {
        const first = await next();
        second = next();
        return first;
      },
    };
    const handler = jest.fn(() => Promise.resolve('handler'));
    const chain = [logging('built-in', []), twice];
    await expect(runInterceptorChain(chain, call, handler, 1)).resolves.toBe('built-in(handler)');
    await expect(second).rejects.toThrow('next() was called twice by one interceptor');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('lets an interceptor end the call without calling next', async () => {
    const handler = jest.fn(() => Promise.resolve('handler'));
    const stop: ElicitorInterceptor = { intercept: () => Promise.resolve('stopped') };
    await expect(runInterceptorChain([stop], call, handler, 1)).resolves.toBe('stopped');
    await expect(runInterceptorChain([stop], call, handler, 0)).resolves.toBe('stopped');
    expect(handler).not.toHaveBeenCalled();
  });
});
