// The Elicitor bench server with 2025 streams that cannot be resumed (no event ids, no event store):
// measurement only, to read what resumability costs in memory.
import { serveAsChild } from './child-harness.js';
import { startElicitorBench } from './elicitor-bench.app.js';

await serveAsChild(() => startElicitorBench({ extraTools: 0, resumability: false }));
