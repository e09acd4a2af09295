import { describe, expect, it, jest } from '@jest/globals';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { RequestCancelledError } from '../../errors/request-cancelled.error.js';
import { RequestTimeoutError } from '../../errors/request-timeout.error.js';
import { abortWatchOf } from '../../context/abort-watch.js';
import { RequestAbort } from '../../context/request-abort.js';
import { OutboundRequestRegistry } from './outbound-request.registry.js';

function registry() {
  const written: Array<{ message: Record<string, unknown>; relatedTo: unknown }> = [];
  const outbound = new OutboundRequestRegistry(async (message, relatedTo) => {
    written.push({ message, relatedTo });
  });
  return { outbound, written };
}

describe('OutboundRequestRegistry', () => {
  it('numbers requests, sends them on the related stream, and settles each with its own response', async () => {
    const { outbound, written } = registry();
    const abort = new RequestAbort();
    const first = outbound.request(
      'elicitation/create',
      { message: 'a' },
      { timeoutMs: 1_000, abort, relatedTo: 7 },
    );
    const second = outbound.request('roots/list', undefined, { timeoutMs: 1_000, abort, relatedTo: 7 });
    expect(written.map(({ message, relatedTo }) => [message, relatedTo])).toStrictEqual([
      [{ jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: 'a' } }, 7],
      [{ jsonrpc: '2.0', id: 1, method: 'roots/list' }, 7],
    ]);
    expect(outbound.settle({ id: 1, result: { roots: [] } })).toBe(true);
    expect(outbound.settle({ id: 0, result: { action: 'decline' } })).toBe(true);
    await expect(first).resolves.toStrictEqual({ action: 'decline' });
    await expect(second).resolves.toStrictEqual({ roots: [] });
    expect(outbound.settle({ id: 0, result: {} })).toBe(false);
    expect(outbound.size).toBe(0);
  });

  it('lets go of its map when the last request settles, and starts a new one for the next request', async () => {
    const { outbound } = registry();
    const held = () => (outbound as unknown as { pending: Map<unknown, unknown> | undefined }).pending;
    const abort = new RequestAbort();
    const first = outbound.request('roots/list', undefined, { timeoutMs: 1_000, abort, id: 'q~1' });
    const second = outbound.request('roots/list', undefined, { timeoutMs: 1_000, abort });
    const map = held();
    expect(map?.size).toBe(2);
    outbound.settle({ id: 'q~1', result: { roots: [] } });
    // Emptying a long-lived map by delete has V8 allocate its next table in the old generation.
    expect(held()).toBe(map);
    outbound.settle({ id: 0, result: { roots: [] } });
    expect(held()).toBeUndefined();
    await Promise.all([first, second]);
    const again = outbound.request('roots/list', undefined, { timeoutMs: 1_000, abort, id: 'q~1' });
    expect(outbound.size).toBe(1);
    expect(outbound.settle({ id: 'q~1', result: { roots: [{ uri: 'file:///a' }] } })).toBe(true);
    await expect(again).resolves.toStrictEqual({ roots: [{ uri: 'file:///a' }] });
    expect([outbound.size, held(), outbound.settle({ id: 'q~1', result: {} })]).toStrictEqual([
      0,
      undefined,
      false,
    ]);
    outbound.abandonAll('the session ended');
  });

  it("rejects with the client's error", async () => {
    const { outbound } = registry();
    const asking = outbound.request(
      'sampling/createMessage',
      {},
      { timeoutMs: 1_000, abort: new RequestAbort() },
    );
    outbound.settle({ id: 0, error: { code: -32600, message: 'no model', data: { why: 'none' } } });
    const error = (await asking.catch((caught: unknown) => caught)) as McpProtocolError;
    expect(error).toBeInstanceOf(McpProtocolError);
    expect([error.rpcCode, error.message, error.data]).toStrictEqual([-32600, 'no model', { why: 'none' }]);
  });

  it('gives up on a timeout and tells the client with notifications/cancelled', async () => {
    jest.useFakeTimers();
    try {
      const { outbound, written } = registry();
      const asking = outbound.request(
        'elicitation/create',
        {},
        {
          timeoutMs: 250,
          abort: new RequestAbort(),
          relatedTo: 'call',
        },
      );
      jest.advanceTimersByTime(250);
      await expect(asking).rejects.toStrictEqual(new RequestTimeoutError('elicitation/create', 250));
      expect(written[1]).toStrictEqual({
        message: {
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: 0, reason: 'timed out after 250 ms' },
        },
        relatedTo: 'call',
      });
      expect(outbound.settle({ id: 0, result: {} })).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it("gives up when the call's signal fires, with its reason, and when the session ends", async () => {
    const { outbound, written } = registry();
    const cancel = new RequestAbort();
    const asking = outbound.request('elicitation/create', {}, { timeoutMs: 10_000, abort: cancel });
    cancel.abort('changed my mind');
    await expect(asking).rejects.toStrictEqual(
      new RequestCancelledError('elicitation/create', 'changed my mind'),
    );
    expect(written[1]!.message.params).toStrictEqual({ requestId: 0, reason: 'changed my mind' });

    const waiting = outbound.request('roots/list', undefined, {
      timeoutMs: 10_000,
      abort: new RequestAbort(),
    });
    outbound.abandonAll('the connection closed');
    await expect(waiting).rejects.toStrictEqual(
      new RequestCancelledError('roots/list', 'the connection closed'),
    );
    expect(outbound.size).toBe(0);
  });

  it('waits on the call without making an AbortSignal, and stops watching once answered', async () => {
    const { outbound } = registry();
    const Native = globalThis.AbortController;
    let made = 0;
    globalThis.AbortController = class extends Native {
      constructor() {
        super();
        made++;
      }
    };
    try {
      const abort = new RequestAbort();
      const asking = outbound.request('elicitation/create', {}, { timeoutMs: 10_000, abort });
      outbound.settle({ id: 0, result: { action: 'decline' } });
      await expect(asking).resolves.toStrictEqual({ action: 'decline' });
      abort.abort('late');
      expect(made).toBe(0);
    } finally {
      globalThis.AbortController = Native;
    }
  });

  it('gives up on an AbortSignal too, seen through abortWatchOf', async () => {
    const { outbound } = registry();
    const withdraw = new AbortController();
    const asking = outbound.request(
      'elicitation/create',
      {},
      {
        timeoutMs: 10_000,
        abort: abortWatchOf(withdraw.signal),
      },
    );
    withdraw.abort('withdrawn');
    await expect(asking).rejects.toStrictEqual(new RequestCancelledError('elicitation/create', 'withdrawn'));
  });
});
