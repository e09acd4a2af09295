import { LazyAbort } from './lazy-abort.js';

describe('LazyAbort', () => {
  it('hands out an already aborted signal when the abort came first', () => {
    const lazy = new LazyAbort();
    lazy.abort('gone');
    expect(lazy.aborted).toBe(true);
    expect(lazy.signal.aborted).toBe(true);
    expect(lazy.signal.reason).toBe('gone');
  });

  it('aborts a signal that was read before', () => {
    const lazy = new LazyAbort();
    const signal = lazy.signal;
    expect(signal.aborted).toBe(false);
    lazy.abort('later');
    expect(signal.aborted).toBe(true);
  });
});
