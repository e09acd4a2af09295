// The Elicitor bench server as `elicitor build` bundles it: the production start, under the same load.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const cli = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));
const benchRoot = fileURLToPath(new URL('../../', import.meta.url));
const out = 'dist/servers/elicitor.bundle.mjs';

/** Runs `elicitor build` on the bench server; the bundle's path, or undefined (with the reason) when it cannot. */
export async function bundleBenchServer(log: (line: string) => void): Promise<string | undefined> {
  try {
    await promisify(execFile)(
      process.execPath,
      [cli, 'build', '--project', benchRoot, '--entry', 'dist/servers/elicitor.server.js', '--out', out],
      { cwd: benchRoot },
    );
    return fileURLToPath(new URL(out, `file://${benchRoot}`));
  } catch (error) {
    log(
      `comparison: no elicitor-bundle row, elicitor build failed: ${(error as Error).message.split('\n')[0]}`,
    );
    return undefined;
  }
}
