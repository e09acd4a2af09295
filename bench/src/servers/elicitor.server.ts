// The same two tools on Elicitor, optionally next to generated filler tools (`--extra-tools N`).
import { performance } from 'node:perf_hooks';
import { Elicitor } from 'elicitor';
import { argValue, serveAsChild } from './child-harness.js';
import { BenchTools } from './elicitor-bench.tools.js';
import { FlowVariantTools } from './elicitor-flow-variant.tools.js';
import { generateToolClasses } from './generated-tools.factory.js';

const BENCH_STATE_KEY = 'elicitor-bench-request-state-key-0123456789';

await serveAsChild(async () => {
  const extraTools = Number(argValue('extra-tools') ?? 0);
  const decorating = performance.now();
  // The flows of other lengths only on the comparison server, so catalogue sizes stay what they say.
  const variants = extraTools === 0 ? [FlowVariantTools] : [];
  const tools = [BenchTools, ...variants, ...generateToolClasses(extraTools)];
  const decorateMs = performance.now() - decorating;
  const started = performance.now();
  const app = await Elicitor.create({
    name: 'elicitor-bench',
    version: '1.0.0',
    tools,
    requestState: { keys: [BENCH_STATE_KEY] },
  });
  const bootstrapMs = performance.now() - started;
  const { port } = await app.listen({ http: { port: 0, host: '127.0.0.1' } });
  return {
    port: port!,
    close: () => app.close(),
    facts: { decorateMs, bootstrapMs, registeredTools: app.registry.tools.size },
  };
});
