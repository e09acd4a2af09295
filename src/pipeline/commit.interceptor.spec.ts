import { INPUT_CHANNEL } from '../context/context.js';
import { CommitQueue } from '../context/commit-queue.js';
import type { InputChannel } from '../context/input-channel.js';
import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../errors/protocol.error.js';
import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import { UserError } from '../errors/user.error.js';
import type { CallInfo } from './call-info.js';
import { CommitInterceptor } from './commit.interceptor.js';
import { INTERNAL_ERROR_TEXT } from './error-result.js';
import { INPUT_REQUIRED_OUTCOME } from './input-required-outcome.js';

interface FakeCall {
  call: CallInfo;
  commits: CommitQueue;
  events: string[];
}

function fakeCall(kind: 'tool' | 'prompt', settle?: () => Promise<void> | undefined): FakeCall {
  const commits = new CommitQueue();
  const events: string[] = [];
  const channel = settle ? ({ settleOutcome: settle } as unknown as InputChannel) : undefined;
  const context = { commits, [INPUT_CHANNEL]: channel };
  return { call: { kind, context } as unknown as CallInfo, commits, events };
}

function interceptor(failures: unknown[] = []): CommitInterceptor {
  return new CommitInterceptor((error) => failures.push(error));
}

const FINAL = { content: [{ type: 'text', text: 'done' }] };

describe('CommitInterceptor', () => {
  it('runs the queued commits in order after a final result, then answers with that very result', async () => {
    const { call, commits, events } = fakeCall('tool');
    const result = await interceptor().intercept(call, () => {
      commits.add(() => void events.push('first'));
      commits.add(async () => {
        await Promise.resolve();
        events.push('second');
      });
      return Promise.resolve(FINAL);
    });
    expect(result).toBe(FINAL);
    expect(events).toStrictEqual(['first', 'second']);
  });

  it('fails the round with the store error when the journal cannot say which commits ran', async () => {
    const { call, commits, events } = fakeCall('tool');
    const failures: unknown[] = [];
    commits.useJournal({
      done: () => Promise.reject(new StoreUnavailableError('Redis')),
      record: () => Promise.resolve(),
    });
    const round = interceptor(failures).intercept(call, () => {
      commits.add(() => void events.push('receipt'));
      return Promise.resolve(FINAL);
    });
    await expect(round).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(events).toStrictEqual([]);
    expect(failures).toStrictEqual([]);
  });

  it('settles the input channel before any commit runs', async () => {
    const events: string[] = [];
    const { call, commits } = fakeCall('tool', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      events.push('settled');
    });
    await interceptor().intercept(call, () => {
      commits.add(() => void events.push('committed'));
      return Promise.resolve(FINAL);
    });
    expect(events).toStrictEqual(['settled', 'committed']);
  });

  it('drops the commits when settling refuses the outcome, and fails with its error', async () => {
    const refusal = new Error('another branch decided');
    const ran: string[] = [];
    const { call, commits } = fakeCall('tool', () => Promise.reject(refusal));
    const running = interceptor().intercept(call, () => {
      commits.add(() => void ran.push('commit'));
      return Promise.resolve(FINAL);
    });
    await expect(running).rejects.toBe(refusal);
    expect(ran).toStrictEqual([]);
    expect(commits.size).toBe(0);
  });

  it('drops the commits of an error result, a round that needs input, a rejection and a throw', async () => {
    const outcomes: Array<() => Promise<unknown>> = [
      () => Promise.resolve({ content: [], isError: true }),
      () => Promise.resolve(INPUT_REQUIRED_OUTCOME),
      () => Promise.reject(new Error('handler failed')),
      () => {
        throw new Error('next threw');
      },
    ];
    for (const outcome of outcomes) {
      const ran: string[] = [];
      const { call, commits } = fakeCall('tool');
      await interceptor()
        .intercept(call, () => {
          commits.add(() => void ran.push('commit'));
          return outcome();
        })
        .catch(() => undefined);
      expect(ran).toStrictEqual([]);
      expect(commits.size).toBe(0);
    }
  });

  it("makes a failed commit a tool's error result, telling the app of unexpected failures only", async () => {
    const failures: unknown[] = [];
    const unexpected = new Error('smtp down');
    const first = fakeCall('tool');
    const generic = await interceptor(failures).intercept(first.call, () => {
      first.commits.add(() => Promise.reject(unexpected));
      return Promise.resolve(FINAL);
    });
    expect(generic).toStrictEqual({ content: [{ type: 'text', text: INTERNAL_ERROR_TEXT }], isError: true });
    expect(failures).toStrictEqual([unexpected]);
    expect(first.commits.failed).toBe(true);

    const second = fakeCall('tool');
    const shown = await interceptor(failures).intercept(second.call, () => {
      second.commits.add(() => {
        throw new UserError('The receipt could not be sent');
      });
      return Promise.resolve(FINAL);
    });
    expect(shown).toStrictEqual({
      content: [{ type: 'text', text: 'The receipt could not be sent' }],
      isError: true,
    });
    expect(failures).toHaveLength(1);
  });

  it('makes a failed commit of a prompt a protocol error', async () => {
    const failing = (error: unknown) => {
      const { call, commits } = fakeCall('prompt');
      return interceptor().intercept(call, () => {
        commits.add(() => Promise.reject(error));
        return Promise.resolve({ messages: [] });
      });
    };
    await expect(failing(new Error('secret detail'))).rejects.toMatchObject({
      rpcCode: JsonRpcErrorCode.InternalError,
      message: 'Internal error',
    });
    await expect(failing(new UserError('Shown to the user'))).rejects.toMatchObject({
      rpcCode: JsonRpcErrorCode.InternalError,
      message: 'Shown to the user',
    });
    const protocolError = new McpProtocolError(JsonRpcErrorCode.InvalidParams, 'kept as it is');
    await expect(failing(protocolError)).rejects.toBe(protocolError);
  });
});
