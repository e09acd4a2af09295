import type { ClientCapabilitiesView } from '../context/client-capabilities-view.js';
import { ElicitorError } from '../errors/elicitor.error.js';
import { assertCapabilitiesFor } from './capability.check.js';
import type { PendingQuestion } from './replay-ledger.js';

/**
 * A 2025 session asked through an app runs its calls on the re-run model, and a 2025 client cannot be sent
 * `input_required`: a round that asks what no app can show (a URL, sampling or roots question) ends with
 * the capability error when the client lacks it, and with an error naming the question otherwise.
 */
export function refuseLegacyRound(
  questions: Iterable<PendingQuestion>,
  client: ClientCapabilitiesView,
): never {
  const pending = [...questions];
  assertCapabilitiesFor(pending, client);
  const methods = [...new Set(pending.map((question) => question.request.method))].join(', ');
  throw new ElicitorError(
    'NOT_ASKABLE_THROUGH_APP',
    `A call asked through an app can only ask form questions, but it asked ${methods}; on this session only form questions go through the app`,
  );
}
