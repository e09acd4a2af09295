// A server child for reliability scenarios: the built core-app test fixture over HTTP, with the listen
// options given as JSON in argv[2]. It reports ready over IPC, and its heap (after GC) on request.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Elicitor } from 'elicitor';
import type { ElicitorOptions, HttpListenOptions } from 'elicitor';
import type { ChildReport, MemoryReport, ParentRequest } from './child-messages.js';

const FIXTURE = fileURLToPath(
  new URL('../../../test/fixtures/core-app/dist/core.module.js', import.meta.url),
);

const send = (report: ChildReport) => process.send!(report);
const warnings: string[] = [];
let errors = 0;
const errorLines: Record<string, number> = {};

try {
  const { coreModule } = (await import(pathToFileURL(FIXTURE).href)) as { coreModule: ElicitorOptions };
  const http = JSON.parse(process.argv[2] ?? '{}') as HttpListenOptions;
  const app = await Elicitor.create({
    ...coreModule,
    logger: {
      info() {},
      warn: (line) => void warnings.push(line),
      error: (line, error) => {
        errors++;
        const text = `${line}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 160);
        errorLines[text] = (errorLines[text] ?? 0) + 1;
      },
    },
  });
  const { url } = await app.listen({ http: { ...http, port: 0, host: '127.0.0.1' } });
  // The open session count is not public API; read where the app's HTTP endpoints sum it (-1 if it moved).
  const openSessions = () =>
    (app as unknown as { mounts?: { legacySessionCount?: number } }).mounts?.legacySessionCount ?? -1;
  process.on('message', (message: ParentRequest) => {
    if (message.type === 'stop') {
      void app.close().then(() => process.exit(0));
      return;
    }
    send({ type: 'memory', id: message.id, report: measure(openSessions()) });
  });
  send({ type: 'ready', url: url! });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}

/** Heap after full collections (the parent starts this child with --expose-gc). */
function measure(legacySessions: number): MemoryReport {
  const collect = (globalThis as { gc?: () => void }).gc;
  for (let round = 0; round < 3; round++) collect?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss, legacySessions, warnings: [...warnings], errors, errorLines: { ...errorLines } };
}
