import { fileURLToPath } from 'node:url';
import { Elicitor } from 'elicitor';
import type { ElicitorApp, ElicitorOptions } from 'elicitor';

/** The built sample (run `npm run build` first): the spawned stdio server and the in-process HTTP app both use it. */
export const SEED_TOUR_MAIN = fileURLToPath(
  new URL('../../../samples/seed-tour/dist/main.js', import.meta.url),
);
const SEED_TOUR_MODULE = fileURLToPath(
  new URL('../../../samples/seed-tour/dist/seed-tour.module.js', import.meta.url),
);

/** Keeps the random-keyring warning out of test output; errors still show. */
const quietLogger = {
  info() {},
  warn() {},
  error(message: string, error?: unknown) {
    process.stderr.write(`[seed-tour] ${message}${error instanceof Error ? `: ${error.stack}` : ''}\n`);
  },
};

/** The seed tour served over HTTP in this process, on a free port. Built from dist like the sample itself. */
export async function startSeedTourHttp(): Promise<{ app: ElicitorApp; url: string }> {
  const { seedTourModule } = (await import(SEED_TOUR_MODULE)) as { seedTourModule: ElicitorOptions };
  const app = await Elicitor.create({ ...seedTourModule, logger: quietLogger });
  const { url } = await app.listen({ http: { port: 0 } });
  return { app, url: url! };
}
