// The bench's flow with app-rendered questions (SEP-3118): the server declares the UI extension with
// `elicitation: {}`, and each question names its app. The plain bench tools beside it, for the echo the guard
// counts first on this process.
import { Elicitor } from 'elicitor';
import { serveAsChild } from './child-harness.js';
import { AnswerUi, AppFlowTools } from './elicitor-app-bench.tools.js';
import { BenchTools } from './elicitor-bench.tools.js';

const BENCH_STATE_KEY = 'elicitor-bench-request-state-key-0123456789';

await serveAsChild(async () => {
  const app = await Elicitor.create({
    name: 'elicitor-app-bench',
    version: '1.0.0',
    tools: [BenchTools, AppFlowTools],
    ui: [AnswerUi],
    requestState: { keys: [BENCH_STATE_KEY] },
  });
  const { port } = await app.listen({ http: { port: 0, host: '127.0.0.1' } });
  return { port: port!, close: () => app.close(), facts: { registeredTools: app.registry.tools.size } };
});
