import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario, ScenarioOutcome } from '../scenario.js';
import { Bank } from '../support/bank.server.js';
import { confirmAnswer } from '../support/checkout-flow.js';
import { ChildServer } from '../support/child-server.js';
import { callTool, errorOf, stateOf } from '../support/mcp-call.js';
import type { Reply } from '../support/mcp-call.js';

const TTL_MS = 3_000;
const FIXED = JSON.stringify({
  code: -32602,
  message: 'Invalid or expired requestState',
  data: { reason: 'invalid_request_state' },
});
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Forged `requestState` on a real server: every character changed in turn, every truncation, another
 * tool, other arguments, another user or none, expiry, and oversize. Each must get the one fixed error,
 * and none may run the charge its answer asks for.
 */
export const stateAttacks: ReliabilityScenario = {
  name: 'state-attacks',
  async run(): Promise<ScenarioOutcome> {
    const bank = new Bank();
    await bank.start();
    const server = await ChildServer.start('servers/checkout.server.js', {
      BANK_URL: bank.url,
      TTL_MS: String(TTL_MS),
    });
    const checks: CheckResult[] = [];
    const figures: Record<string, number | string> = {};
    try {
      const args = { amount: 21 };
      const user = 'alice';
      const state = stateOf(await callTool(server.url, 'checkout', { arguments: args }, { user }));
      const send = (
        requestState: string,
        options: { name?: string; args?: object; user?: string | null } = {},
      ) =>
        callTool(
          server.url,
          options.name ?? 'checkout',
          { arguments: options.args ?? args, requestState, inputResponses: confirmAnswer(true) },
          options.user === null ? {} : { user: options.user ?? user },
        );
      const attacks: Array<[string, Array<() => Promise<Reply>>]> = [
        [
          'every character changed',
          [...state].map((char, i) => () => send(state.slice(0, i) + other(char, i) + state.slice(i + 1))),
        ],
        [
          'every truncation',
          Array.from({ length: state.length - 1 }, (_, n) => () => send(state.slice(0, n + 1))),
        ],
        ['another tool', [() => send(state, { name: 'checkout_copy' })]],
        [
          'other arguments',
          [
            () => send(state, { args: { amount: 22 } }),
            () => send(state, { args: { amount: 21, pause: 'x' } }),
          ],
        ],
        [
          'another user, and no user',
          [() => send(state, { user: 'mallory' }), () => send(state, { user: null })],
        ],
        ['oversize', [() => send(`v1.${'A'.repeat(17_000)}`), () => send(state + 'A'.repeat(17_000))]],
      ];
      let total = 0;
      for (const [name, sends] of attacks) {
        const replies = await inBatches(sends, 32);
        total += replies.length;
        const wrong = replies.filter(
          (reply) => JSON.stringify(errorOf(reply)) !== FIXED || reply.status >= 500,
        );
        checks.push(
          check(
            `${name}: ${replies.length} refused with the one fixed error`,
            wrong.length === 0,
            wrong.length ? `${wrong.length} not, e.g. ${JSON.stringify(wrong[0]!.body)}` : undefined,
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, TTL_MS + 200));
      const expired = await send(state);
      total++;
      checks.push(
        check(
          'expiry: refused with the one fixed error',
          JSON.stringify(errorOf(expired)) === FIXED,
          JSON.stringify(expired.body),
        ),
      );
      figures['forged states sent'] = total;
      figures['state length'] = state.length;
      figures['charges made'] = bank.charges.size;
      checks.push(
        check(
          'no forged state ran the charge',
          bank.chargeRequests === 0,
          `${bank.chargeRequests} charge requests`,
        ),
      );
      checks.push(check('the server is still up', server.alive));
    } finally {
      await server.stop();
      await bank.close();
    }
    return { checks, figures };
  },
};

/** A different base64url character, chosen by position so the run is reproducible. */
function other(char: string, position: number): string {
  const index = BASE64URL.indexOf(char);
  return BASE64URL[(index + 1 + (position % 63)) % 64]!;
}

async function inBatches<T>(work: Array<() => Promise<T>>, size: number): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < work.length; i += size)
    results.push(...(await Promise.all(work.slice(i, i + size).map((run) => run()))));
  return results;
}
