// Runs the package's own `elicitor build`, as an app's production start does.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const cli = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));

/**
 * Bundles `entry` of the project at `projectDir` into `out` (both relative to it); the bundle's path, or
 * undefined when the build fails, after logging why under `row`.
 */
export async function elicitorBuild(
  build: { projectDir: string; entry: string; out: string },
  row: string,
  log: (line: string) => void,
): Promise<string | undefined> {
  const { projectDir, entry, out } = build;
  try {
    await promisify(execFile)(
      process.execPath,
      [cli, 'build', '--project', projectDir, '--entry', entry, '--out', out],
      { cwd: projectDir },
    );
    return resolve(projectDir, out);
  } catch (error) {
    log(`${row}: no bundled row, elicitor build failed: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}
