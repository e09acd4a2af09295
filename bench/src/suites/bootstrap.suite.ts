import { median } from '../load/latency.stats.js';
import type { CpuPlan } from '../process/cpu-affinity.js';
import { ServerProcess } from '../process/server-process.js';

export interface BootstrapRun {
  tools: number;
  decorateMs: number;
  createMs: number;
  rssBytes: number;
}

export interface BootstrapSummary {
  tools: number;
  runs: BootstrapRun[];
  medianDecorateMs: number;
  medianCreateMs: number;
  medianRssBytes: number;
}

/** Times `Elicitor.create` with `tools` registered tools, each run in a fresh process (a cold start, as in production). */
export async function measureBootstrap(
  script: string,
  tools: number,
  runs: number,
  cpus: CpuPlan,
): Promise<BootstrapSummary> {
  const results: BootstrapRun[] = [];
  for (let run = 0; run < runs; run++) {
    const server = await ServerProcess.start(
      { name: `bootstrap-${tools}`, script, args: ['--extra-tools', String(tools - 2)] },
      cpus,
    );
    const snapshot = await server.snapshot();
    await server.stop();
    if (server.facts.registeredTools !== tools) {
      throw new Error(`expected ${tools} registered tools, the app has ${server.facts.registeredTools}`);
    }
    results.push({
      tools,
      decorateMs: server.facts.decorateMs,
      createMs: server.facts.bootstrapMs,
      rssBytes: snapshot.rssBytes,
    });
  }
  return {
    tools,
    runs: results,
    medianDecorateMs: median(results.map((run) => run.decorateMs)),
    medianCreateMs: median(results.map((run) => run.createMs)),
    medianRssBytes: median(results.map((run) => run.rssBytes)),
  };
}
