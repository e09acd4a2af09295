// The seed-tour sample as `elicitor build` bundles it, for the cold-start suite's production-start row.
import { fileURLToPath } from 'node:url';
import { elicitorBuild } from './elicitor-build.js';

const seedTour = fileURLToPath(new URL('../../../samples/seed-tour/', import.meta.url));

/** The bundled seed-tour's path, or undefined (with the reason logged) when it cannot be built. */
export function bundleSeedTour(log: (line: string) => void): Promise<string | undefined> {
  return elicitorBuild(
    { projectDir: seedTour, entry: 'dist/main.js', out: 'dist/main.bundle.mjs' },
    'cold start',
    log,
  );
}
