// Module resolution hooks, run off the main thread by `start-memory.preload.ts`: each resolved URL is
// posted to the port `register` handed over.
import type { MessagePort } from 'node:worker_threads';

let port: MessagePort | undefined;

export function initialize(data: { port: MessagePort }): void {
  port = data.port;
}

type NextResolve = (specifier: string, context: unknown) => Promise<{ url: string }>;

export async function resolve(
  specifier: string,
  context: unknown,
  nextResolve: NextResolve,
): Promise<{ url: string }> {
  const resolved = await nextResolve(specifier, context);
  port?.postMessage(resolved.url);
  return resolved;
}
