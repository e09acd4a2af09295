import { accept, callTool, errorOf, stateOf } from './mcp-call.js';
import type { Body, Reply } from './mcp-call.js';

/** The arguments every round of one checkout call carries (the state is bound to them). */
export interface CheckoutCall {
  args: { amount: number; pause?: string };
}

export const confirmAnswer = (ok: boolean): Body => ({ confirm: accept({ ok }) });
export const noteAnswer = (note: string): Body => ({ note: accept({ note }) });

/** Round 1: asks to confirm. */
export async function firstRound(url: string, call: CheckoutCall): Promise<string> {
  return stateOf(await callTool(url, 'checkout', { arguments: call.args }));
}

/** Any later round: a state and its answers. */
export function laterRound(
  url: string,
  call: CheckoutCall,
  requestState: string,
  inputResponses: Body,
  options: { signal?: AbortSignal } = {},
): Promise<Reply> {
  return callTool(url, 'checkout', { arguments: call.args, requestState, inputResponses }, options);
}

/** The two refusals that ask the client to retry later: the round's lease, and a `once` effect's lease. */
const BUSY = [
  /^This requestState is already being processed by another request$/,
  /^once\("[^"]+"\) is running for this call in another request; retry when it has finished$/,
];

const isBusy = (message: string | undefined): boolean =>
  message !== undefined && BUSY.some((pattern) => pattern.test(message));

/**
 * Sends a round until it is no longer refused as busy (another request holds the round's lease or a `once`
 * effect's lease, e.g. a replica that died and whose leases have to expire first; the two leases expire a
 * moment apart). Bounded in time.
 */
export async function untilNotBusy(send: () => Promise<Reply>, timeoutMs = 15_000): Promise<Reply> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await send();
    if (!isBusy(errorOf(reply)?.message) || Date.now() > deadline) return reply;
    // Backs off with jitter, as a client should, so retries of many calls do not arrive in step.
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
}

export const expectedText = (amount: number, chargeId: string, note: string): string =>
  `Paid $${amount} as ${chargeId}: ${note}`;
