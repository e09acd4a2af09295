import { connectConformanceClient } from '../conformance-client.factory.js';
import type { Scenario } from '../scenario.types.js';

/**
 * `request-metadata`: every request must carry the version header and the `_meta` envelope
 * (version, capabilities, client info). The mock rejects the first request with -32022 and
 * expects a retry with a version from `data.supported`; the SDK's connect-time negotiation
 * does that. All three optional capabilities are declared so each declaration is checked.
 */
export const requestMetadataScenario: Scenario = async (run) => {
  const client = await connectConformanceClient(run, {
    capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} },
  });
  await client.listTools();
  await client.close();
};
