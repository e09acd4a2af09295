// The Elicitor bench server as `elicitor build` bundles it: the production start, under the same load.
import { fileURLToPath } from 'node:url';
import { elicitorBuild } from './elicitor-build.js';

const benchRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The bundled bench server's path, or undefined (with the reason logged) when it cannot be built. */
export function bundleBenchServer(log: (line: string) => void): Promise<string | undefined> {
  return elicitorBuild(
    {
      projectDir: benchRoot,
      entry: 'dist/servers/elicitor.server.js',
      out: 'dist/servers/elicitor.bundle.mjs',
    },
    'comparison',
    log,
  );
}
