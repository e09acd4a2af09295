import { Agent } from 'node:http';
import { confirmAnswer, expectedText, noteAnswer } from './checkout-flow.js';
import { callTool, errorOf, stateOf, textOf } from './mcp-call.js';
import type { Body, Reply } from './mcp-call.js';
import { isOutcomeUnknown } from './retrying-flows.js';

/** What checkout flows over two replicas met, with final rounds re-sent as after a lost reply. */
export interface ReplayTally {
  flows: number;
  completed: number;
  /** Flows refused mid-way because the store lost their records. */
  outcomeUnknown: number;
  wrong: string[];
  /** Final rounds sent again to the other replica after the flow had completed. */
  replays: number;
  /** Replays answered with the flow's own result, from its record. */
  replaysSame: number;
  /** Replays refused as "outcome unknown": the store had lost the flow's record. */
  replaysRefused: number;
  /** Replays answered with anything else: a different charge, or an error. Must stay empty. */
  replaysWrong: string[];
  /** Replies with an HTTP status of 500 or more other than 503. */
  serverErrors: number;
  storeUnavailable: number;
  /** 503 replies without the store error or `Retry-After`. */
  malformedRetries: number;
  /** When each successful reply arrived (ms since the epoch). */
  successesAt: number[];
}

const BUSY = /already being processed by another request|is running for this call in another request/;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs checkout flows, `concurrency` at a time, until `durationMs` has passed: each round goes to the next
 * of `urls` (two replicas take turns), retried after `Retry-After` on a 503. A share of the completed
 * flows (`replayShare`) sends its final round again to the other replica 0-2 s later, as a client whose
 * reply was lost in transit does; it must get the same result, or "outcome unknown".
 */
export async function runReplayingFlows(
  urls: readonly string[],
  options: { concurrency: number; durationMs: number; replayShare: number },
): Promise<ReplayTally> {
  const tally: ReplayTally = {
    flows: 0,
    completed: 0,
    outcomeUnknown: 0,
    wrong: [],
    replays: 0,
    replaysSame: 0,
    replaysRefused: 0,
    replaysWrong: [],
    serverErrors: 0,
    storeUnavailable: 0,
    malformedRetries: 0,
    successesAt: [],
  };
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency * 2 });
  const until = Date.now() + options.durationMs;
  const send = async (url: string, params: Body): Promise<Reply> => {
    for (;;) {
      const reply = await callTool(url, 'checkout', params, { agent });
      const error = errorOf(reply);
      if (reply.status >= 500 && reply.status !== 503) tally.serverErrors++;
      if (reply.status === 503) {
        const named = (error?.data as { reason?: string } | undefined)?.reason === 'store_unavailable';
        if (named && reply.retryAfter !== undefined) tally.storeUnavailable++;
        else tally.malformedRetries++;
        await pause((reply.retryAfter ?? 1) * 1_000 * (0.5 + Math.random()));
        continue;
      }
      if (error !== undefined && BUSY.test(error.message)) {
        await pause(100 + Math.random() * 200);
        continue;
      }
      if (reply.status === 200 && error === undefined) tally.successesAt.push(Date.now());
      return reply;
    }
  };
  const replays: Array<Promise<void>> = [];
  let nextFlow = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const index = nextFlow++;
      tally.flows++;
      const args = { amount: 10_000 + index };
      const note = `flow ${index}`;
      const at = (round: number) => urls[(index + round) % urls.length]!;
      const first = await send(at(0), { arguments: args });
      const second = await send(at(1), {
        arguments: args,
        requestState: stateOf(first),
        inputResponses: confirmAnswer(true),
      });
      if (errorOf(second)) {
        settle(tally, JSON.stringify(errorOf(second)), args.amount, note);
        continue;
      }
      const finalParams = {
        arguments: args,
        requestState: stateOf(second),
        inputResponses: noteAnswer(note),
      };
      const final = await send(at(2), finalParams);
      const outcome = errorOf(final) ? JSON.stringify(errorOf(final)) : textOf(final);
      if (settle(tally, outcome, args.amount, note) && Math.random() < options.replayShare) {
        replays.push(
          (async () => {
            await pause(Math.random() * 2_000);
            const again = await send(at(3), finalParams);
            tally.replays++;
            const replayed = errorOf(again) ? JSON.stringify(errorOf(again)) : textOf(again);
            if (replayed === outcome) tally.replaysSame++;
            else if (isOutcomeUnknown(replayed)) tally.replaysRefused++;
            else tally.replaysWrong.push(`${outcome} -> ${replayed}`);
          })(),
        );
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await Promise.all(replays);
  agent.destroy();
  return tally;
}

/** Counts a flow's end; true when it completed with its own result. */
function settle(tally: ReplayTally, outcome: string, amount: number, note: string): boolean {
  const [before, after] = expectedText(amount, '\n', note).split('\n');
  const chargeId = outcome.slice(before!.length, -after!.length);
  if (outcome.startsWith(before!) && outcome.endsWith(after!) && /^ch_\d+$/.test(chargeId)) {
    tally.completed++;
    return true;
  }
  if (isOutcomeUnknown(outcome)) tally.outcomeUnknown++;
  else tally.wrong.push(outcome);
  return false;
}
