// The seed-tour sample as `elicitor build` bundles it, for the cold-start suite's production-start row.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const cli = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));
const seedTour = fileURLToPath(new URL('../../../samples/seed-tour/', import.meta.url));

/** Runs `elicitor build` in samples/seed-tour; the bundle's path, or undefined (with the reason) when it cannot. */
export async function bundleSeedTour(log: (line: string) => void): Promise<string | undefined> {
  const out = 'dist/main.bundle.mjs';
  try {
    await promisify(execFile)(process.execPath, [cli, 'build', '--out', out], { cwd: seedTour });
    return fileURLToPath(new URL(out, `file://${seedTour}`));
  } catch (error) {
    log(`cold start: no bundled row, elicitor build failed: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}
