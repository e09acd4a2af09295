import { connectConformanceClient } from '../conformance-client.factory.js';
import { debugLog } from '../debug-log.js';
import type { Scenario } from '../scenario.types.js';

const TOOL_NAME = 'add_numbers';

/** `tools_call`: list tools and call `add_numbers {a: 5, b: 3}`, on whichever era the run asks for. */
export const toolsCallScenario: Scenario = async (run) => {
  const client = await connectConformanceClient(run);
  const { tools } = await client.listTools();
  if (!tools.some((tool) => tool.name === TOOL_NAME))
    throw new Error(`the server does not list ${TOOL_NAME}`);
  const result = await client.callTool({ name: TOOL_NAME, arguments: { a: 5, b: 3 } });
  debugLog(`${TOOL_NAME} result`, result);
  await client.close();
};
