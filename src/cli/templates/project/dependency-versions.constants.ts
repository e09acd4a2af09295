/**
 * Versions written into a new project. They match what elicitor itself is built
 * and tested with; `dependency-versions.spec.ts` keeps the two in step.
 */
export const PROJECT_DEPENDENCY_VERSIONS = {
  // elicitor's peers: the project owns the one copy both use.
  dependencies: {
    '@modelcontextprotocol/node': '^2.1.2',
    '@modelcontextprotocol/server': '^2.4.0',
    'class-transformer': '^0.5.1',
    'class-validator': '^0.15.1',
    inversify: '^8.2.3',
    'reflect-metadata': '^0.2.2',
  },
  devDependencies: {
    '@types/jest': '30.0.0',
    '@types/node': '20.19.43',
    // Bundles the build for `npm start` (elicitor build).
    esbuild: '^0.25.12',
    jest: '30.5.2',
    'ts-jest': '29.4.15',
    typescript: '6.0.3',
  },
} as const;

/**
 * The MCP Inspector a new project's `npm run inspector` starts: the version this repository's own
 * `scripts/inspector.sh` runs, which the spec beside this file keeps in step.
 */
export const INSPECTOR_VERSION = '2.12.0';
