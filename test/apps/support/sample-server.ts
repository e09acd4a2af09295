import { SpawnedProcess } from './spawned-process.js';

/** The samples whose MCP Apps a browser test renders, by their built entry point. */
const SAMPLE_MAINS = {
  'seat-booking': 'samples/seat-booking/dist/main.js',
  'seed-tour': 'samples/seed-tour/dist/main.js',
} as const;

export type SampleName = keyof typeof SAMPLE_MAINS;

/** A built sample serving Streamable HTTP on a free port. */
export interface SampleServer {
  /** Its MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a built sample on a free port (`--port 0` for seat-booking, `PORT=0` for seed-tour, whose
 * `app.run()` reads the environment) with the given flags (seat-booking's `--no-app-questions`: the server
 * does not offer app-rendered questions, so hosts ask with their own form).
 */
export async function startSample(sample: SampleName, flags: readonly string[] = []): Promise<SampleServer> {
  const main = SAMPLE_MAINS[sample];
  const args = sample === 'seat-booking' ? [main, '--port', '0', ...flags] : [main, ...flags];
  const { process: server, ready } = await SpawnedProcess.start({
    what: `the ${sample} sample (${args.join(' ')})`,
    command: process.execPath,
    args,
    env: { ...process.env, PORT: '0' },
    readyWhen: /http:\/\/127\.0\.0\.1:\d+\/mcp/,
    timeoutMs: 30_000,
  });
  return { url: ready[0], stop: () => server.stop() };
}
