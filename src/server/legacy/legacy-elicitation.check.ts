import type { ClientCapabilities } from '@modelcontextprotocol/server';
import type { ClientCapabilitiesView } from '../../context/client-capabilities-view.js';
import { LegacyCapabilityError } from './legacy-capability.error.js';

/** The first revision with `elicitation/create`, and the first with URL mode (and the URL-elicitation-required error). */
export const FIRST_ELICITATION_VERSION = '2025-06-18';
export const FIRST_URL_MODE_VERSION = '2025-11-25';

export type ElicitationMode = 'form' | 'url';

/**
 * Why a legacy client cannot be asked a `mode` question, as the error that ends the call; undefined
 * when it can. Capabilities and version are the ones `initialize` negotiated for the session.
 * Protocol versions are ISO dates, so they compare as strings.
 */
export function legacyElicitationBlocker(
  mode: ElicitationMode,
  protocolVersion: string,
  capabilities: ClientCapabilitiesView,
): LegacyCapabilityError | undefined {
  const required = (modes: ClientCapabilities['elicitation']): ClientCapabilities => ({ elicitation: modes });
  if (protocolVersion < FIRST_ELICITATION_VERSION) {
    return new LegacyCapabilityError(
      required({}),
      `Elicitation needs protocol ${FIRST_ELICITATION_VERSION} or later; this client negotiated ${protocolVersion}`,
      protocolVersion,
    );
  }
  if (mode === 'url' && protocolVersion < FIRST_URL_MODE_VERSION) {
    return new LegacyCapabilityError(
      required({ url: {} }),
      `URL-mode elicitation needs protocol ${FIRST_URL_MODE_VERSION}; this client negotiated ${protocolVersion}, which has form mode only`,
      protocolVersion,
    );
  }
  const modes = capabilities.elicitation;
  const formShape: ClientCapabilities['elicitation'] =
    protocolVersion < FIRST_URL_MODE_VERSION ? {} : { form: {} };
  if (!modes) {
    return new LegacyCapabilityError(
      required(mode === 'url' ? { url: {} } : formShape),
      `The client did not declare the elicitation capability in initialize, so it cannot be asked ${mode === 'url' ? 'to visit a URL' : 'to fill in a form'}`,
      protocolVersion,
    );
  }
  if (!modes.allows({ mode })) {
    return new LegacyCapabilityError(
      required(mode === 'url' ? { url: {} } : formShape),
      mode === 'url'
        ? 'The client did not declare URL-mode elicitation (capabilities.elicitation.url) in initialize'
        : 'The client declared only URL-mode elicitation in initialize, so it cannot be sent a form',
      protocolVersion,
    );
  }
  return undefined;
}
