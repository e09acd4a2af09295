// The legacy leg: the official SDK and Elicitor serving the same tools to 2025-11-25 sessions, interleaved
// with Elicitor's modern leg serving them on 2026-07-28, so all three are measured side by side in one run.
import { benchConfig, benchPaths } from '../bench.config.js';
import { EchoWorkload } from '../load/echo.workload.js';
import { FlowWorkload } from '../load/flow.workload.js';
import { LegacyEchoWorkload, LegacyFlowWorkload } from '../load/legacy.workloads.js';
import type { Workload } from '../load/workload.js';
import type { CpuPlan } from '../process/cpu-affinity.js';
import type { Measurement } from '../process/server-measurement.js';
import { ServerProcess } from '../process/server-process.js';
import type { InterleavedPlan } from './interleaved.suite.js';
import { runInterleaved } from './interleaved.suite.js';

export const LEGACY_WORKLOADS = ['legacy-echo', 'legacy-flow'];

/** The servers on the 2026-07-28 wire: the reference rows, under the legacy workloads' names. */
const MODERN_SERVERS = new Set(['elicitor-2026', 'elicitor-2026-bundle']);

/**
 * `sdk` is a sessionful McpServer per session; `elicitor` is the same child as the modern leg's;
 * `elicitor-2026` is that child again, given the same two tools on the 2026-07-28 wire (echo, and the
 * 3-round flow) as the reference the legacy leg is held to. With `bundle` (the same child as
 * `elicitor build` makes it), `elicitor-bundle` and `elicitor-2026-bundle` run it on both wires, so what
 * the load leaves in memory reads for the production start too. Every child gets the same node flags.
 */
export async function measureLegacy(
  interleaving: Omit<InterleavedPlan, 'servers' | 'workloadNames' | 'workloadFor'>,
  cpuPlan: CpuPlan,
  bundle?: string,
): Promise<Measurement[]> {
  interleaving.log(
    `legacy: sdk vs elicitor${bundle ? ' (tsc output and bundle)' : ''} on 2025-11-25 sessions (echo, 2-question push flow), elicitor-2026 beside them`,
  );
  const specs = [
    { name: 'sdk', script: benchPaths.sdkLegacyServer },
    { name: 'elicitor', script: benchPaths.elicitorServer },
    { name: 'elicitor-2026', script: benchPaths.elicitorServer },
    ...(bundle
      ? [
          { name: 'elicitor-bundle', script: bundle },
          { name: 'elicitor-2026-bundle', script: bundle },
        ]
      : []),
  ];
  const servers: ServerProcess[] = [];
  try {
    for (const spec of specs) servers.push(await ServerProcess.start(spec, cpuPlan));
    const workloads = new Map<string, Workload>();
    return await runInterleaved({
      ...interleaving,
      servers,
      workloadNames: LEGACY_WORKLOADS,
      workloadFor: (server, name) => {
        const key = `${server.spec.name}\u0000${name}`;
        let workload = workloads.get(key);
        if (!workload) {
          const flow = name === 'legacy-flow';
          if (MODERN_SERVERS.has(server.spec.name)) {
            // Reported under the legacy workload's name, so its row stands in the same table.
            workload = renamed(
              flow
                ? new FlowWorkload(benchConfig.flowConcurrency)
                : new EchoWorkload(benchConfig.echoConcurrency),
              name,
            );
          } else {
            workload = flow
              ? new LegacyFlowWorkload(benchConfig.flowConcurrency, server.port)
              : new LegacyEchoWorkload(benchConfig.echoConcurrency, server.port);
          }
          workloads.set(key, workload);
        }
        return workload;
      },
    });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

function renamed(workload: Workload, name: string): Workload {
  return Object.assign(Object.create(workload) as Workload, { name });
}
