import type { ClientCapabilities } from '@modelcontextprotocol/server';
import type { ClientCapabilitiesView } from '../context/client-capabilities-view.js';
import { MissingCapabilityError } from '../errors/missing-capability.error.js';
import type { PendingQuestion } from './replay-ledger.js';

/** Throws a `MissingCapabilityError` naming every capability the pending questions need and this request did not declare. */
export function assertCapabilitiesFor(
  questions: Iterable<PendingQuestion>,
  capabilities: ClientCapabilitiesView,
): void {
  const missing: Record<string, Record<string, unknown>> = {};
  for (const question of questions) {
    if (question.kind === 'sample' && !capabilities.sampling) missing.sampling = {};
    if (question.kind === 'roots' && !capabilities.roots) missing.roots = {};
    if (question.kind !== 'elicit') continue;
    const mode = question.request.params?.mode === 'url' ? 'url' : 'form';
    const elicitation = capabilities.elicitation;
    if (!elicitation) missing.elicitation = { ...missing.elicitation, [mode]: {} };
    else if (!elicitation.allows({ mode })) missing.elicitation = { ...missing.elicitation, [mode]: {} };
  }
  if (Object.keys(missing).length) throw new MissingCapabilityError(missing as ClientCapabilities);
}
