import { connectConformanceClient } from '../conformance-client.factory.js';
import { debugLog } from '../debug-log.js';
import type { Scenario } from '../scenario.types.js';

/**
 * `sep-2322-client-request-state`: the mock answers with `input_required` results. The SDK
 * fulfils them through the elicitation handler and re-sends each call on a new id with the
 * state echoed byte-exact (or none, when none was sent); unrelated calls carry neither.
 */
export const sep2322ClientRequestStateScenario: Scenario = async (run) => {
  const client = await connectConformanceClient(run, {
    capabilities: { elicitation: {} },
    answerForm: () => ({ confirmed: true }),
  });
  for (const name of ['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_unrelated']) {
    debugLog(`${name} result`, await client.callTool({ name, arguments: {} }));
  }
  // This result lacks `resultType`; the check only needs the client not to retry it.
  // The SDK may reject it locally as malformed, which is not a retry, so that is fine.
  try {
    debugLog(
      'test_mrtr_no_result_type result',
      await client.callTool({ name: 'test_mrtr_no_result_type', arguments: {} }),
    );
  } catch (error) {
    debugLog(
      'test_mrtr_no_result_type rejected without a retry',
      error instanceof Error ? error.message : String(error),
    );
  }
  await client.close();
};
