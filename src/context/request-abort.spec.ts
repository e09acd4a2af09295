import { RequestAbort } from './request-abort.js';

describe('RequestAbort', () => {
  it('hands out an already aborted signal when the abort came first', () => {
    const abort = new RequestAbort();
    abort.abort('gone');
    expect(abort.aborted).toBe(true);
    expect(abort.signal.aborted).toBe(true);
    expect(abort.signal.reason).toBe('gone');
  });

  it('aborts a signal that was read before', () => {
    const abort = new RequestAbort();
    const signal = abort.signal;
    expect(signal.aborted).toBe(false);
    abort.abort('later');
    expect(signal.aborted).toBe(true);
  });

  it('keeps the first reason', () => {
    const abort = new RequestAbort();
    abort.abort('first');
    abort.abort('second');
    expect(abort.signal.reason).toBe('first');
  });

  it('follows a source signal without making one of its own', () => {
    const source = new AbortController();
    const abort = new RequestAbort(source.signal);
    expect(abort.signal).toBe(source.signal);
    expect(abort.aborted).toBe(false);
    source.abort('caller left');
    expect(abort.aborted).toBe(true);
  });

  it('aborts on its own when told to, even with a source that never fires', () => {
    const abort = new RequestAbort(new AbortController().signal);
    abort.abort('transport gone');
    expect(abort.aborted).toBe(true);
    expect(abort.signal.reason).toBe('transport gone');
  });

  it('calls what watches it once, with no signal made, and not what stopped watching', () => {
    const abort = new RequestAbort();
    const heard: string[] = [];
    abort.onAbort(() => heard.push(`first: ${String(abort.reason)}`));
    const stop = abort.onAbort(() => heard.push('second'));
    stop();
    abort.abort('gone');
    abort.abort('again');
    expect(heard).toStrictEqual(['first: gone']);
    expect(abort.aborted).toBe(true);
  });

  it("follows the caller's signal when it has one, and its own abort too", () => {
    const caller = new AbortController();
    const followed = new RequestAbort(caller.signal);
    const own = new RequestAbort(new AbortController().signal);
    const heard: unknown[] = [];
    followed.onAbort(() => heard.push(followed.reason));
    own.onAbort(() => heard.push(own.reason));
    caller.abort('caller left');
    own.abort('transport gone');
    expect(heard).toStrictEqual(['caller left', 'transport gone']);
  });
});
