import { readFileSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CliPackageInfo {
  version: string;
  dependencies: Record<string, string>;
  /** The folder of that package.json. */
  root: string;
  /** Whether this CLI runs from a checkout or an unpacked build rather than from an installed package. */
  local: boolean;
}

/**
 * Reads the package.json this CLI ships in. The relative path holds for both
 * `src/cli/shared/` (specs) and `dist/cli/shared/` (the installed bin).
 */
export function readCliPackage(): CliPackageInfo {
  const path = fileURLToPath(new URL('../../../package.json', import.meta.url));
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as {
    version?: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const root = dirname(path);
  return {
    version: manifest.version ?? '0.0.0',
    dependencies: { ...manifest.devDependencies, ...manifest.dependencies },
    root,
    local: !root.split(sep).includes('node_modules'),
  };
}
