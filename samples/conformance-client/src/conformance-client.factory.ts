import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ClientCapabilities, ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/client';
import { debugLog } from './debug-log.js';
import type { ScenarioRun } from './scenario.types.js';
import { versionNegotiationFor } from './version-negotiation.policy.js';

/** The values a user would type into a form-mode question. */
export type FormAnswer = NonNullable<ElicitResult['content']>;

export interface ConformanceClientOptions {
  readonly capabilities?: ClientCapabilities;
  /**
   * Answers form-mode questions. With `elicitation.form.applyDefaults` declared the SDK
   * fills the schema's defaults into whatever this leaves out.
   */
  readonly answerForm?: (params: ElicitRequestFormParams) => FormAnswer;
}

/**
 * Builds a connected official client the way Elicitor recommends: the era comes from
 * `versionNegotiation`, and ONE `elicitation/create` handler serves both eras — pushed
 * requests on the `initialize` lifecycle, and the requests embedded in `input_required`
 * results on the stateless one (the SDK re-sends the call with the answers itself).
 */
export async function connectConformanceClient(
  run: ScenarioRun,
  options: ConformanceClientOptions = {},
): Promise<Client> {
  const capabilities = options.capabilities ?? {};
  const client = new Client(
    { name: 'elicitor-conformance-client', version: '1.0.0' },
    { capabilities, versionNegotiation: versionNegotiationFor(run.protocolVersion) },
  );
  // The SDK refuses a handler for a capability the client did not declare.
  if (capabilities.elicitation !== undefined) {
    const answerForm = options.answerForm ?? (() => ({}));
    client.setRequestHandler('elicitation/create', async (request) => {
      debugLog('elicitation/create', request.params);
      if (request.params.mode === 'url') return { action: 'accept' };
      return { action: 'accept', content: answerForm(request.params) };
    });
  }
  await client.connect(new StreamableHTTPClientTransport(run.serverUrl));
  debugLog('connected', { era: client.getProtocolEra(), version: client.getNegotiatedProtocolVersion() });
  return client;
}
