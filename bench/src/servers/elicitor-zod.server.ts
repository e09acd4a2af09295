// The bench tools on Elicitor, declared with Zod: the Standard Schema path beside the class one.
import { Elicitor } from 'elicitor';
import { serveAsChild } from './child-harness.js';
import { AnswerForm, ZodBenchTools } from './elicitor-zod-bench.tools.js';

const BENCH_STATE_KEY = 'elicitor-bench-request-state-key-0123456789';

await serveAsChild(async () => {
  const app = await Elicitor.create({
    name: 'elicitor-zod-bench',
    version: '1.0.0',
    tools: [ZodBenchTools],
    forms: [AnswerForm],
    requestState: { keys: [BENCH_STATE_KEY] },
  });
  const { port } = await app.listen({ http: { port: 0, host: '127.0.0.1' } });
  return { port: port!, close: () => app.close(), facts: { registeredTools: app.registry.tools.size } };
});
