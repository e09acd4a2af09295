import { describe, expect, it } from '@jest/globals';
import { RequestAbort } from '../../context/request-abort.js';
import { systemClock } from '../../shared/clock.js';
import { heapCollector, oldGenerationUsed } from '../../shared/old-generation.spec-helper.js';
import type { LegacyPostExchange } from './legacy-post-exchange.js';
import { LegacySession } from './legacy-session.js';

/** An exchange as the session sees it: the request ids it answers, and whether it closed its stream. */
function exchangeFor(...ids: number[]): LegacyPostExchange & { closed: number } {
  const exchange = {
    aborts: new Map(ids.map((id) => [id, new RequestAbort()])),
    closed: 0,
    closeStream: () => {
      exchange.closed++;
      return true;
    },
  };
  return exchange as unknown as LegacyPostExchange & { closed: number };
}

describe('LegacySession exchanges', () => {
  it('finds a running exchange by request id until it is released, batches included', () => {
    const session = new LegacySession('session-1', systemClock, undefined);
    const batch = exchangeFor(1, 2);
    const single = exchangeFor(3);
    session.track(1, batch);
    session.track(2, batch);
    session.track(3, single);
    expect(session.closeCallStream(2)).toBe(true);
    session.released(batch);
    expect(session.closeCallStream(1)).toBe(false);
    expect(session.closeCallStream(3)).toBe(true);
    session.released(single);
    expect(session.closeCallStream(3)).toBe(false);
    expect([batch.closed, single.closed]).toStrictEqual([1, 1]);
  });

  it('tells whenCallsEnd at once with nothing running, else when the last running exchange is released', () => {
    const session = new LegacySession('session-1', systemClock, undefined);
    const told: string[] = [];
    session.whenCallsEnd(() => told.push('idle'));
    expect(told).toStrictEqual(['idle']);
    const batch = exchangeFor(1, 2);
    const single = exchangeFor(3);
    session.track(1, batch);
    session.track(2, batch);
    session.track(3, single);
    session.whenCallsEnd(() => told.push('drained'));
    session.released(batch);
    expect(told).toStrictEqual(['idle']);
    session.released(single);
    session.released(single);
    expect(told).toStrictEqual(['idle', 'drained']);
  });

  it('leaves no garbage in the old generation for requests answered one after the other', () => {
    const collect = heapCollector();
    const session = new LegacySession('session-1', systemClock, undefined);
    const exchanges = [exchangeFor(0), exchangeFor(1)];
    session.track(0, exchanges[0]!);
    // Moves the session and its first map to the old generation, as on a session that lived a while.
    collect({ type: 'major' });
    collect({ type: 'major' });
    session.released(exchanges[0]!);
    const before = oldGenerationUsed();
    for (let round = 1; round <= 100_000; round++) {
      const exchange = exchanges[round % 2]!;
      session.track(round % 2, exchange);
      session.released(exchange);
    }
    // Emptying a map that lives in the old generation made V8 allocate its smaller table there (about
    // 11 MB here); dropping the emptied map leaves only young garbage.
    expect(oldGenerationUsed() - before).toBeLessThan(4 * 1024 * 1024);
  });
});
