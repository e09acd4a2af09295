import { jest } from '@jest/globals';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import { MemoryFleet } from '../../fleet/memory-fleet.store.js';
import { FleetCallJournal, journalKey, journalOfRequestId } from './fleet-call-journal.js';

const request = { id: 7, method: 'tools/call', params: { name: 'pay' } };

function journalOn(
  fleet: MemoryFleet,
  owner: string,
  recorded?: { streamId: string; fields: Record<string, string> },
) {
  return new FleetCallJournal({
    records: fleet.records,
    ttlMs: 60_000,
    leaseMs: 300,
    owner,
    request,
    streamOf: () => 'session-1.stream-1',
    ...(recorded ? { recorded } : {}),
  });
}

describe('FleetCallJournal', () => {
  it('writes nothing until the call asks a question', async () => {
    const fleet = new MemoryFleet();
    const journal = journalOn(fleet, 'A');
    await journal.remember('quote', 41);
    await journal.finish('{"result":{}}');
    expect(journal.opened).toBe(false);
    expect(await fleet.records.read(journalKey('session-1.stream-1'))).toBeUndefined();
  });

  it('journals the request, call id, memos and questions, and names the journal in the question id', async () => {
    const fleet = new MemoryFleet();
    const journal = journalOn(fleet, 'A');
    await journal.remember('quote', 41);
    const id = await journal.asking('confirm~1');
    expect(id).toBe('session-1.stream-1~confirm~1');
    expect(journalOfRequestId(id)).toStrictEqual({ streamId: 'session-1.stream-1', questionId: 'confirm~1' });
    await journal.sent('confirm~1');
    const fields = (await fleet.records.read(journalKey('session-1.stream-1')))!;
    expect(JSON.parse(fields.request!)).toStrictEqual(request);
    expect(fields).toMatchObject({ callId: journal.callId, 'memo:quote': '41', 'sent:confirm~1': '1' });
    // The owner holds the lease while the call runs; another replica cannot take it.
    expect(await fleet.records.claim(journalKey('session-1.stream-1'), 'B', 300)).toBe(false);
    journal.stopRenewal();
  });

  it('gives a re-run the recorded call id, memos, answers and sent questions, and releases the lease at the end', async () => {
    const fleet = new MemoryFleet();
    const first = journalOn(fleet, 'A');
    await first.remember('quote', 41);
    await first.asking('confirm~1');
    await first.sent('confirm~1');
    first.stopRenewal();
    await fleet.records.put(
      journalKey('session-1.stream-1'),
      { 'answer:confirm~1': '{"result":{"action":"accept"}}' },
      60_000,
    );
    const fields = (await fleet.records.read(journalKey('session-1.stream-1')))!;
    const rerun = journalOn(fleet, 'B', { streamId: 'session-1.stream-1', fields });
    expect(rerun.callId).toBe(first.callId);
    expect(rerun.memoOf('quote')).toStrictEqual({ value: 41 });
    expect(rerun.wasSent('confirm~1')).toBe(true);
    expect(rerun.answerOf('confirm~1')).toStrictEqual({ result: { action: 'accept' } });
    expect(rerun.answerOf('other~1')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await fleet.records.claim(journalKey('session-1.stream-1'), 'B', 300)).toBe(true);
    await rerun.finish('{"done":true}');
    expect((await fleet.records.read(journalKey('session-1.stream-1')))!.done).toBe('{"done":true}');
    expect(await fleet.records.claim(journalKey('session-1.stream-1'), 'C', 300)).toBe(true);
  });

  it('reads an answer written by another replica after the run started', async () => {
    const fleet = new MemoryFleet();
    const journal = journalOn(fleet, 'A');
    await journal.asking('confirm~1');
    await fleet.records.put(
      journalKey('session-1.stream-1'),
      { 'answer:confirm~1': '{"error":{"code":-1}}' },
      60_000,
    );
    expect(journal.answerOf('confirm~1')).toBeUndefined();
    await journal.refresh();
    expect(journal.answerOf('confirm~1')).toStrictEqual({ error: { code: -1 } });
    journal.stopRenewal();
  });

  it('knows when another replica took the call over, and then records no outcome', async () => {
    const fleet = new MemoryFleet();
    const journal = journalOn(fleet, 'A');
    expect(await journal.holdsLease()).toBe(true);
    await journal.asking('confirm~1');
    journal.stopRenewal();
    expect(await journal.holdsLease()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await fleet.records.claim(journalKey('session-1.stream-1'), 'B', 300)).toBe(true);
    expect(await journal.holdsLease()).toBe(false);
    expect(journal.lost).toBe(true);
    await journal.finish('{"late":true}');
    expect((await fleet.records.read(journalKey('session-1.stream-1')))!.done).toBeUndefined();
  });

  it('counts a renewal the store refuses as a lost lease', async () => {
    const fleet = new MemoryFleet();
    const journal = journalOn(fleet, 'A');
    await journal.asking('confirm~1');
    journal.stopRenewal();
    jest.spyOn(fleet.records, 'claim').mockRejectedValueOnce(new Error('unreachable'));
    expect(await journal.holdsLease()).toBe(false);
    expect(journal.lost).toBe(true);
  });

  it('throws a renewal the store cannot answer, so the call ends with that error rather than as lost', async () => {
    const fleet = new MemoryFleet();
    const journal = journalOn(fleet, 'A');
    await journal.asking('confirm~1');
    journal.stopRenewal();
    const outage = new StoreUnavailableError('Redis');
    jest.spyOn(fleet.records, 'claim').mockRejectedValueOnce(outage);
    await expect(journal.holdsLease()).rejects.toBe(outage);
    expect(journal.lost).toBe(false);
    expect(await journal.holdsLease()).toBe(true);
  });
});
