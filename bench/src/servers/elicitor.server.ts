// The same two tools on Elicitor, optionally next to generated filler tools (`--extra-tools N`).
import { argValue, serveAsChild } from './child-harness.js';
import { startElicitorBench } from './elicitor-bench.app.js';

await serveAsChild(() => startElicitorBench({ extraTools: Number(argValue('extra-tools') ?? 0) }));
