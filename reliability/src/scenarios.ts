import type { ReliabilityScenario } from './scenario.js';
import { fuzzScenario } from './scenarios/fuzz.scenario.js';
import { legacySessionsScenario } from './scenarios/legacy-sessions.scenario.js';

/** Every scenario `npm run reliability` runs, in order. */
export const scenarios: ReliabilityScenario[] = [fuzzScenario, legacySessionsScenario];
