import { connectConformanceClient } from '../conformance-client.factory.js';
import { debugLog } from '../debug-log.js';
import type { Scenario } from '../scenario.types.js';

/** `initialize`: complete the handshake with client name and version, list tools, close. */
export const initializeScenario: Scenario = async (run) => {
  const client = await connectConformanceClient(run);
  const { tools } = await client.listTools();
  debugLog(
    'tools/list',
    tools.map((tool) => tool.name),
  );
  await client.close();
};
