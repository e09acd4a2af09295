import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import type { ElicitorApp, ListeningInfo } from 'elicitor';
import { AppModule, appOptions } from './app.module.js';

/** Serves Streamable HTTP on $PORT (default 3000) at /mcp, or stdio with `--stdio`. */
export async function startServer(
  argv: readonly string[] = process.argv,
): Promise<{ app: ElicitorApp } & ListeningInfo> {
  const app = await Elicitor.create(AppModule, appOptions);
  if (argv.includes('--stdio')) {
    await app.listen({ stdio: true });
    return { app };
  }
  const listening = await app.listen({ http: { port: Number(process.env.PORT ?? 3000) } });
  console.error(`hello is listening on ${listening.url}`);
  return { app, ...listening };
}
