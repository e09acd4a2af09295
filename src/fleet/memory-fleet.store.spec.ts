import { describeFleetContract } from './fleet-contract.spec-helper.js';
import { MemoryFleet } from './memory-fleet.store.js';

// Two views of one MemoryFleet stand for two replicas: they share everything the instance holds.
describeFleetContract('MemoryFleet', async () => {
  const fleet = new MemoryFleet();
  return [fleet, fleet];
});
