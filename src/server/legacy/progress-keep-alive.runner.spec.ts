import { jest } from '@jest/globals';
import { ProgressKeepAlive } from './progress-keep-alive.runner.js';

describe('ProgressKeepAlive', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const keepAlive = (reported: { lastProgress: number | undefined }) => {
    const sent: Array<Record<string, unknown>> = [];
    const runner = new ProgressKeepAlive(15_000, 'token-1', reported, (params) => {
      sent.push(params);
      return Promise.resolve();
    });
    return { runner, sent };
  };

  it('beats only while a question waits, and keeps no timer otherwise', () => {
    const { runner, sent } = keepAlive({ lastProgress: undefined });
    expect(jest.getTimerCount()).toBe(0);
    const release = runner.hold();
    jest.advanceTimersByTime(45_000);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toStrictEqual({
      progressToken: 'token-1',
      progress: 0.5,
      message: 'Waiting for the user to answer',
    });
    release();
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(45_000);
    expect(sent).toHaveLength(3);
  });

  it('beats once for questions that wait together, until the last is answered', () => {
    const { runner, sent } = keepAlive({ lastProgress: undefined });
    const first = runner.hold();
    const second = runner.hold();
    jest.advanceTimersByTime(15_000);
    first();
    first();
    jest.advanceTimersByTime(15_000);
    expect(sent).toHaveLength(2);
    second();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('rises with each beat and stays below the next whole step above what the handler reported', () => {
    const reported = { lastProgress: 3 as number | undefined };
    const { runner, sent } = keepAlive(reported);
    const release = runner.hold();
    jest.advanceTimersByTime(15_000 * 1000);
    const values = sent.map((params) => params.progress as number);
    expect(values.every((value, at) => value > 3 && value < 4 && (at === 0 || value > values[at - 1]!))).toBe(
      true,
    );
    // The handler reports 4 during the wait: the next beats start above it.
    reported.lastProgress = 4;
    jest.advanceTimersByTime(15_000);
    expect(sent[sent.length - 1]!.progress).toBe(4.5);
    release();
  });
});
