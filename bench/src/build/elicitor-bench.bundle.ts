// The Elicitor bench server as `elicitor build` bundles it: the production start, under the same load.
import { fileURLToPath } from 'node:url';
import { elicitorBuild } from './elicitor-build.js';

const benchRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The bundled bench server's path, or undefined (with the reason logged) when it cannot be built. */
export function bundleBenchServer(log: (line: string) => void): Promise<string | undefined> {
  return bundleServer('elicitor.server.js', 'elicitor.bundle.mjs', 'comparison', log);
}

/**
 * The bundled bench server with exactly-once switched off (a store that keeps nothing): measurement only,
 * to read what the records cost against the production start rather than against tsc's output.
 */
export function bundleNoRecordsServer(log: (line: string) => void): Promise<string | undefined> {
  return bundleServer('elicitor-no-records.server.js', 'elicitor-no-records.bundle.mjs', 'no-records', log);
}

function bundleServer(
  entry: string,
  out: string,
  label: string,
  log: (line: string) => void,
): Promise<string | undefined> {
  return elicitorBuild(
    { projectDir: benchRoot, entry: `dist/servers/${entry}`, out: `dist/servers/${out}` },
    label,
    log,
  );
}
