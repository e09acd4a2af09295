import type { ReliabilityScenario } from './scenario.js';

/** Every scenario `npm run reliability` runs, in order. */
export const scenarios: ReliabilityScenario[] = [];
