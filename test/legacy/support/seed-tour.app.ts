import { fileURLToPath } from 'node:url';
import { Elicitor } from 'elicitor';
import type { ElicitorApp, ElicitorAppOptions } from 'elicitor';

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
  const { SeedTourModule, seedTourOptions } = (await import(SEED_TOUR_MODULE)) as {
    SeedTourModule: new () => object;
    seedTourOptions: ElicitorAppOptions;
  };
  const app = await Elicitor.create(SeedTourModule, { ...seedTourOptions, logger: quietLogger });
  const { url } = await app.listen({ http: { port: 0 } });
  return { app, url: url! };
}

/** Every tool of the seed tour, sorted by name. */
export const SEED_TOUR_TOOLS = [
  'access_github',
  'choose_seat',
  'collect_contact',
  'configure_deploy',
  'generate_business_card',
  'greet',
  'order_form',
  'pay_a_bill',
  'place_order',
  'show_boarding_pass',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The `data` of the -32042 error `access_github` answers a 2025-11-25 client with first. */
export function githubConnectRequiredData(): unknown {
  return {
    elicitations: [
      {
        mode: 'url',
        elicitationId: expect.stringMatching(UUID),
        url: 'https://example.com/connect/github',
        message: 'Connect your GitHub account to continue',
      },
    ],
  };
}
