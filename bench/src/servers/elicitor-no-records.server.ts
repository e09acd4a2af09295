// The Elicitor bench server with exactly-once switched off (a store that keeps nothing): measurement only.
import { serveAsChild } from './child-harness.js';
import { DiscardingStateStore } from './discarding-state.store.js';
import { startElicitorBench } from './elicitor-bench.app.js';

await serveAsChild(() => startElicitorBench({ extraTools: 0, store: new DiscardingStateStore() }));
