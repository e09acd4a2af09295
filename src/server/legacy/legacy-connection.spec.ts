import { describe, expect, it } from '@jest/globals';
import { RequestAbort } from '../../context/request-abort.js';
import { heapCollector, oldGenerationUsed } from '../../shared/old-generation.spec-helper.js';
import { LegacyConnection } from './legacy-connection.js';
import type { LegacySessionRecord } from './legacy-session-record.types.js';

function connection(): LegacyConnection {
  const record = { id: 'session-1' } as unknown as LegacySessionRecord;
  return new LegacyConnection(record, { send: () => Promise.resolve(), closeCallStream: () => false });
}

describe('LegacyConnection call tracking', () => {
  it('tracks running calls, cancels one by id, and aborts the rest when the session ends', () => {
    const session = connection();
    const first = new RequestAbort();
    const second = new RequestAbort();
    session.begin(1, first);
    session.begin(2, second);
    expect(session.runningCalls).toBe(2);
    session.cancel(1, 'stop');
    expect(first.aborted).toBe(true);
    session.end(1, first);
    expect(session.runningCalls).toBe(1);
    session.close();
    expect(second.aborted).toBe(true);
    expect(session.runningCalls).toBe(0);
  });

  it('leaves no garbage in the old generation for calls run one after the other on a long-lived session', () => {
    const collect = heapCollector();
    const session = connection();
    const aborts = Array.from({ length: 2 }, () => new RequestAbort());
    session.begin(0, aborts[0]!);
    // Moves the session and its first map to the old generation, as on a session that lived a while.
    collect({ type: 'major' });
    collect({ type: 'major' });
    session.end(0, aborts[0]!);
    const before = oldGenerationUsed();
    for (let id = 1; id <= 100_000; id++) {
      const abort = aborts[id % 2]!;
      session.begin(id, abort);
      session.end(id, abort);
    }
    // Emptying a map that lives in the old generation made V8 allocate its smaller table there: about
    // 115 bytes a call, 11 MB here. Dropping the emptied map leaves only young garbage.
    expect(oldGenerationUsed() - before).toBeLessThan(4 * 1024 * 1024);
    expect(session.runningCalls).toBe(0);
  });
});
