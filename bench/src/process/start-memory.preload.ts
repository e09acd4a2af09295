// Loaded into a bench server child with `--import` (and `--expose-gc`): when the parent asks, collects
// fully and answers with the memory held and the module files loaded. With START_MEMORY_FILES=1 it records
// the ES modules through a resolve hook; the hooks run on a thread of their own, which holds some 20 MiB,
// so memory is read in a run without them. CommonJS files come from the require cache either way.
import { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';

export interface StartMemoryReport {
  type: 'start-memory';
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  /** Absolute paths of the module files loaded, ES and CommonJS, once each. */
  files: string[];
}

const esModules = new Set<string>();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url: string) => {
  if (url.startsWith('file:')) esModules.add(fileURLToPath(url));
});
port1.unref();
if (process.env.START_MEMORY_FILES === '1')
  register('./module-count.hooks.js', import.meta.url, { data: { port: port2 }, transferList: [port2] });

const requireCache = createRequire(import.meta.url).cache;
const collect = (globalThis as { gc?: () => void }).gc;

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'start-memory') return;
  if (!collect) throw new Error('start the child with --expose-gc');
  // Resolutions are posted asynchronously: let the last ones arrive before reading them.
  setTimeout(() => {
    collect();
    const memory = process.memoryUsage();
    const report: StartMemoryReport = {
      type: 'start-memory',
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      files: [...new Set([...esModules, ...Object.keys(requireCache)])].sort(),
    };
    process.send?.(report);
  }, 200);
});
