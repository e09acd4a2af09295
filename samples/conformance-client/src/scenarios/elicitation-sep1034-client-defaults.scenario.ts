import { connectConformanceClient } from '../conformance-client.factory.js';
import { debugLog } from '../debug-log.js';
import type { Scenario } from '../scenario.types.js';

const TOOL_NAME = 'test_client_elicitation_defaults';

/**
 * `elicitation-sep1034-client-defaults`: the user accepts without typing anything; with
 * `applyDefaults` declared the SDK must fill every schema default into the accepted content.
 */
export const elicitationSep1034ClientDefaultsScenario: Scenario = async (run) => {
  const client = await connectConformanceClient(run, {
    capabilities: { elicitation: { form: { applyDefaults: true } } },
    answerForm: () => ({}),
  });
  const { tools } = await client.listTools();
  if (!tools.some((tool) => tool.name === TOOL_NAME))
    throw new Error(`the server does not list ${TOOL_NAME}`);
  debugLog(`${TOOL_NAME} result`, await client.callTool({ name: TOOL_NAME, arguments: {} }));
  await client.close();
};
