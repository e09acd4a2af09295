import type { Scenario } from './scenario.types.js';
import { elicitationSep1034ClientDefaultsScenario } from './scenarios/elicitation-sep1034-client-defaults.scenario.js';
import { initializeScenario } from './scenarios/initialize.scenario.js';
import { requestMetadataScenario } from './scenarios/request-metadata.scenario.js';
import { sep2322ClientRequestStateScenario } from './scenarios/sep-2322-client-request-state.scenario.js';
import { toolsCallScenario } from './scenarios/tools-call.scenario.js';

/** Client scenarios this sample implements, keyed by the suite's scenario name. */
export const scenarioRegistry: ReadonlyMap<string, Scenario> = new Map([
  ['initialize', initializeScenario],
  ['tools_call', toolsCallScenario],
  ['request-metadata', requestMetadataScenario],
  ['sep-2322-client-request-state', sep2322ClientRequestStateScenario],
  ['elicitation-sep1034-client-defaults', elicitationSep1034ClientDefaultsScenario],
]);
