// The legacy leg: the official SDK and Elicitor serving the same tools to 2025-11-25 sessions, interleaved.
import { benchConfig, benchPaths } from '../bench.config.js';
import { LegacyEchoWorkload, LegacyFlowWorkload } from '../load/legacy.workloads.js';
import type { Workload } from '../load/workload.js';
import type { CpuPlan } from '../process/cpu-affinity.js';
import type { Measurement } from '../process/server-measurement.js';
import { ServerProcess } from '../process/server-process.js';
import type { InterleavedPlan } from './interleaved.suite.js';
import { runInterleaved } from './interleaved.suite.js';

export const LEGACY_WORKLOADS = ['legacy-echo', 'legacy-flow'];

/** `sdk` is a sessionful McpServer per session; `elicitor` is the same child as the modern leg's. */
export async function measureLegacy(
  interleaving: Omit<InterleavedPlan, 'servers' | 'workloadNames' | 'workloadFor'>,
  cpuPlan: CpuPlan,
): Promise<Measurement[]> {
  interleaving.log('legacy: sdk vs elicitor on 2025-11-25 sessions (echo, 2-question push flow)');
  const servers: ServerProcess[] = [];
  try {
    servers.push(await ServerProcess.start({ name: 'sdk', script: benchPaths.sdkLegacyServer }, cpuPlan));
    servers.push(await ServerProcess.start({ name: 'elicitor', script: benchPaths.elicitorServer }, cpuPlan));
    const workloads = new Map<string, Workload>();
    return await runInterleaved({
      ...interleaving,
      servers,
      workloadNames: LEGACY_WORKLOADS,
      workloadFor: (server, name) => {
        const key = `${server.spec.name}\u0000${name}`;
        let workload = workloads.get(key);
        if (!workload) {
          workload =
            name === 'legacy-flow'
              ? new LegacyFlowWorkload(benchConfig.flowConcurrency, server.port)
              : new LegacyEchoWorkload(benchConfig.echoConcurrency, server.port);
          workloads.set(key, workload);
        }
        return workload;
      },
    });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
