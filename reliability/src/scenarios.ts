import type { ReliabilityScenario } from './scenario.js';
import { concurrentFlows } from './scenarios/concurrent-flows.scenario.js';
import { faults } from './scenarios/faults.scenario.js';
import { forgottenRecords } from './scenarios/forgotten-records.scenario.js';
import { fleetScenario } from './scenarios/fleet.scenario.js';
import { fuzzScenario } from './scenarios/fuzz.scenario.js';
import { legacyRedisOutage } from './scenarios/legacy-redis-outage.scenario.js';
import { legacySessionsScenario } from './scenarios/legacy-sessions.scenario.js';
import { memorySoak } from './scenarios/memory-soak.scenario.js';
import { redisFaults } from './scenarios/redis-faults.scenario.js';
import { stateAttacks } from './scenarios/state-attacks.scenario.js';
import { stdioFuzzScenario } from './scenarios/stdio-fuzz.scenario.js';

/** Every scenario `npm run reliability` runs, in order. */
export const scenarios: ReliabilityScenario[] = [
  fuzzScenario,
  stdioFuzzScenario,
  stateAttacks,
  concurrentFlows,
  faults,
  redisFaults,
  forgottenRecords,
  legacySessionsScenario,
  legacyRedisOutage,
  fleetScenario,
  memorySoak,
];
