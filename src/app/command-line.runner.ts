import type { ListenOptions, ListeningInfo } from './listen.options.js';

/** What running needs of an app. */
export interface RunnableApp {
  listen(options: ListenOptions): Promise<ListeningInfo>;
  stdioClosed(): Promise<void>;
  close(signal?: string): Promise<void>;
}

/** Where `app.run()` reads its transport choice and settings from; the process's by default. */
export interface RunOptions {
  /** Defaults to `process.argv`; `--stdio` selects stdio, anything else HTTP. */
  argv?: readonly string[];
  /** Defaults to `process.env`; `PORT` (default 3000), `HOST` (default 127.0.0.1) and `MCP_PATH` (default /mcp). */
  env?: NodeJS.ProcessEnv;
  /** Where the "listening on" line goes; stderr by default, since stdout is the stdio transport. */
  log?: (line: string) => void;
}

/**
 * The usual `main.ts` in one call: stdio when started with `--stdio` (closing when the pipe ends),
 * otherwise Streamable HTTP on `$PORT`, closing cleanly on SIGINT and SIGTERM.
 */
export async function runFromCommandLine(
  app: RunnableApp,
  name: string,
  options: RunOptions = {},
): Promise<ListeningInfo> {
  const argv = options.argv ?? process.argv;
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (argv.includes('--stdio')) {
    const info = await app.listen({ stdio: true });
    void app.stdioClosed().then(() => app.close());
    return info;
  }
  const info = await app.listen({
    http: { port: Number(env.PORT ?? 3000), host: env.HOST ?? '127.0.0.1', path: env.MCP_PATH ?? '/mcp' },
  });
  log(`${name} listening on ${info.url}`);
  const stop = (signal: string) => void app.close(signal).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return info;
}
