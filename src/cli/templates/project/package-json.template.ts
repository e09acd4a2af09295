import { INSPECTOR_VERSION, PROJECT_DEPENDENCY_VERSIONS } from './dependency-versions.constants.js';
import type { ProjectOptions } from './project-options.types.js';

export function packageJsonTemplate(options: ProjectOptions): string {
  const manifest = {
    name: options.packageName,
    version: '0.1.0',
    private: true,
    type: 'module',
    engines: { node: '>=20.19' },
    scripts: {
      // tsc emits the decorator metadata; `elicitor build` bundles its output into one file that starts fast.
      build: 'tsc && elicitor build',
      start: 'node dist/main.bundle.mjs',
      // Runs the tsc output: recompiles on save and restarts the server on each new build.
      'start:dev': 'tsc && (tsc --watch --preserveWatchOutput & node --watch dist/main.js)',
      test: "NODE_OPTIONS='--experimental-vm-modules --no-warnings=ExperimentalWarning' jest",
      // The MCP Inspector's web UI on the built server over stdio (it needs Node 22.19 or later); arguments
      // after `--` reach the Inspector, e.g. `--protocol-era modern`.
      inspector: `npm run build && npx -y @modelcontextprotocol/inspector@${INSPECTOR_VERSION} --web node dist/main.bundle.mjs --stdio`,
    },
    dependencies: sortKeys({
      elicitor: options.elicitorVersion,
      ...PROJECT_DEPENDENCY_VERSIONS.dependencies,
    }),
    devDependencies: sortKeys({ ...PROJECT_DEPENDENCY_VERSIONS.devDependencies }),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
