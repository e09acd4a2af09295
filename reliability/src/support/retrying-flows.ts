import { Agent } from 'node:http';
import type { Bank } from './bank.server.js';
import { confirmAnswer, expectedText, noteAnswer } from './checkout-flow.js';
import { callTool, errorOf, stateOf, textOf } from './mcp-call.js';
import type { Body, Reply } from './mcp-call.js';

/** What many checkout flows met while a fault was injected, as a client that retries sees it. */
export interface FlowTally {
  flows: number;
  /** Flows that ended with the expected final text. */
  completed: number;
  /**
   * Flows refused with "outcome unknown": the store lost the records of their call (flushed, restarted
   * empty), so they cannot be resumed, only started again.
   */
  outcomeUnknown: number;
  /** Final texts, or ending errors, that were not what the flow should have got. */
  wrong: string[];
  /** Replies with an HTTP status of 500 or more other than 503. */
  serverErrors: number;
  /** 503 replies with the store error (each followed by a retry after `Retry-After`). */
  storeUnavailable: number;
  /** 503 replies without a `Retry-After` header, or another error body. */
  malformedRetries: number;
  /** The slowest single reply, in ms. */
  slowestMs: number;
}

const BUSY = /already being processed by another request|is running for this call in another request/;

/**
 * Runs `count` checkout flows at once (their starts spread over `spreadMs`), each round retried as a
 * client should: after `Retry-After` on a 503, after a short pause when a lease is still held. Every
 * flow has its own amount, so a wrong result cannot hide behind another flow's.
 */
export async function runRetryingFlows(
  url: string,
  count: number,
  spreadMs: number,
  deadlineMs = 60_000,
): Promise<FlowTally> {
  const tally: FlowTally = {
    flows: count,
    completed: 0,
    outcomeUnknown: 0,
    wrong: [],
    serverErrors: 0,
    storeUnavailable: 0,
    malformedRetries: 0,
    slowestMs: 0,
  };
  const deadline = Date.now() + deadlineMs;
  // A connection per flow: a reply's time is the server's, not a wait for a pooled socket.
  const agent = new Agent({ keepAlive: true, maxSockets: count });
  const send = async (params: Body): Promise<Reply> => {
    for (;;) {
      const started = Date.now();
      const reply = await callTool(url, 'checkout', params, { agent });
      tally.slowestMs = Math.max(tally.slowestMs, Date.now() - started);
      const error = errorOf(reply);
      if (reply.status >= 500 && reply.status !== 503) tally.serverErrors++;
      if (Date.now() > deadline) return reply;
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
      return reply;
    }
  };
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      await pause((spreadMs * index) / count);
      const args = { amount: 1_000 + index };
      const note = `flow ${index}`;
      const outcome = await runFlow(send, args, note).catch((error: unknown) => String(error));
      // The charge id depends on the order the bank saw the charges in; the rest is the flow's own.
      const [before, after] = expectedText(args.amount, '\n', note).split('\n');
      if (
        /^ch_\d+$/.test(outcome.slice(before!.length, -after!.length)) &&
        outcome.startsWith(before!) &&
        outcome.endsWith(after!)
      )
        tally.completed++;
      else if (isOutcomeUnknown(outcome)) tally.outcomeUnknown++;
      else tally.wrong.push(outcome);
    }),
  );
  agent.destroy();
  return tally;
}

async function runFlow(send: (params: Body) => Promise<Reply>, args: Body, note: string): Promise<string> {
  const first = await send({ arguments: args });
  const second = await send({
    arguments: args,
    requestState: stateOf(first),
    inputResponses: confirmAnswer(true),
  });
  if (errorOf(second)) return JSON.stringify(errorOf(second));
  const final = await send({
    arguments: args,
    requestState: stateOf(second),
    inputResponses: noteAnswer(note),
  });
  return errorOf(final) ? JSON.stringify(errorOf(final)) : textOf(final);
}

/** Whether a flow's ending error is the refusal of a call whose records the store lost. */
export function isOutcomeUnknown(outcome: string): boolean {
  return outcome.includes('"reason":"outcome_unknown"');
}

/** Effects the bank saw more than once: a charge run again with its key, a receipt sent twice. */
export function duplicatedEffects(bank: Bank): {
  chargeReruns: number;
  duplicateReceipts: number;
  missingReceipts: number;
} {
  let duplicateReceipts = 0;
  for (const count of bank.receipts.values()) duplicateReceipts += Math.max(0, count - 1);
  // A call refused as "outcome unknown" after its charge has no receipt: counted here, and by its flow.
  let missingReceipts = 0;
  for (const key of bank.charges) if (!bank.receipts.has(key)) missingReceipts++;
  return { chargeReruns: bank.chargeRequests - bank.charges.size, duplicateReceipts, missingReceipts };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
