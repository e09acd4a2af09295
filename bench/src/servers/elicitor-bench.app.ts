import { performance } from 'node:perf_hooks';
import { Elicitor, type StateStore } from 'elicitor';
import type { StartedServer } from './child-harness.js';
import { BenchTools } from './elicitor-bench.tools.js';
import { FlowVariantTools } from './elicitor-flow-variant.tools.js';
import { generateToolClasses } from './generated-tools.factory.js';

const BENCH_STATE_KEY = 'elicitor-bench-request-state-key-0123456789';

export interface ElicitorBenchOptions {
  /** Filler tools registered next to the bench tools. */
  extraTools: number;
  /** The app's store; the default in-memory one when absent. */
  store?: StateStore;
  /** `false`: 2025 streams without event ids and event store (measurement only). */
  resumability?: false;
}

/** Starts the bench tools on Elicitor over HTTP on a free port. */
export async function startElicitorBench(options: ElicitorBenchOptions): Promise<StartedServer> {
  const decorating = performance.now();
  // The flows of other lengths only on the comparison server, so catalogue sizes stay what they say.
  const variants = options.extraTools === 0 ? [FlowVariantTools] : [];
  const tools = [BenchTools, ...variants, ...generateToolClasses(options.extraTools)];
  const decorateMs = performance.now() - decorating;
  const started = performance.now();
  const app = await Elicitor.create({
    name: 'elicitor-bench',
    version: '1.0.0',
    tools,
    requestState: { keys: [BENCH_STATE_KEY] },
    ...(options.store ? { store: options.store } : {}),
  });
  const bootstrapMs = performance.now() - started;
  const { port } = await app.listen({
    http: {
      port: 0,
      host: '127.0.0.1',
      ...(options.resumability === false ? { resumability: false as const } : {}),
    },
  });
  return {
    port: port!,
    close: () => app.close(),
    facts: { decorateMs, bootstrapMs, registeredTools: app.registry.tools.size },
  };
}
