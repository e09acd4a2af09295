/**
 * The one-way dependency flow of the runtime, described in ARCHITECTURE.md. A violation fails CI.
 * Type-only imports of the SDK are allowed anywhere; runtime imports of it only in server/, transport/,
 * app/, testing/ and cli/.
 */
const layer = (name) => `^src/${name}/`;

/** folder → folders it must never import at run time */
const forbidden = {
  shared: ['fleet', 'metadata', 'decorators', 'schema', 'validation', 'registry', 'di', 'context', 'pipeline', 'mrtr', 'tasks', 'server', 'transport', 'errors', 'app', 'redis', 'testing', 'cli'],
  metadata: ['fleet', 'decorators', 'schema', 'validation', 'registry', 'di', 'context', 'pipeline', 'mrtr', 'tasks', 'server', 'transport', 'app', 'testing', 'cli'],
  decorators: ['fleet', 'schema', 'validation', 'registry', 'di', 'context', 'pipeline', 'mrtr', 'tasks', 'server', 'transport', 'app', 'testing', 'cli'],
  schema: ['fleet', 'decorators', 'validation', 'registry', 'di', 'context', 'pipeline', 'mrtr', 'tasks', 'server', 'transport', 'app', 'testing', 'cli'],
  validation: ['fleet', 'decorators', 'registry', 'di', 'context', 'pipeline', 'mrtr', 'tasks', 'server', 'transport', 'app', 'testing', 'cli'],
  registry: ['fleet', 'di', 'context', 'pipeline', 'mrtr', 'tasks', 'server', 'transport', 'app', 'testing', 'cli'],
  di: ['fleet', 'pipeline', 'mrtr', 'tasks', 'server', 'transport', 'app', 'testing', 'cli'],
  context: ['fleet', 'pipeline', 'mrtr', 'tasks', 'server', 'transport', 'app', 'testing', 'cli'],
  pipeline: ['fleet', 'mrtr', 'tasks', 'server', 'transport', 'app', 'testing', 'cli'],
  mrtr: ['fleet', 'tasks', 'server', 'transport', 'app', 'testing', 'cli'],
  tasks: ['metadata', 'decorators', 'schema', 'validation', 'registry', 'di', 'context', 'pipeline', 'server', 'transport', 'app', 'testing', 'cli'],
  server: ['transport', 'app', 'testing', 'cli'],
  transport: ['app', 'testing', 'cli'],
  errors: ['fleet', 'metadata', 'decorators', 'schema', 'validation', 'registry', 'di', 'context', 'pipeline', 'mrtr', 'tasks', 'server', 'transport', 'app', 'testing', 'cli'],
  app: ['testing', 'cli'],
  fleet: ['metadata', 'decorators', 'schema', 'validation', 'registry', 'di', 'context', 'pipeline', 'mrtr', 'tasks', 'server', 'transport', 'app', 'redis', 'testing', 'cli'],
  redis: ['metadata', 'decorators', 'schema', 'validation', 'registry', 'di', 'context', 'pipeline', 'server', 'transport', 'app', 'testing', 'cli'],
};

const SDK_AT_RUNTIME_ALLOWED = '^src/(server|transport|app|testing|cli)/';

// eslint-disable-next-line no-undef
module.exports = {
  forbidden: [
    ...Object.entries(forbidden).map(([from, targets]) => ({
      name: `no-${from}-upward`,
      comment: `${from}/ must not depend on ${targets.join(', ')} (dependency flow)`,
      severity: 'error',
      from: { path: layer(from), pathNot: '\\.spec\\.ts$' },
      to: { path: `^src/(${targets.join('|')})/` },
    })),
    {
      name: 'input-models-apart',
      comment:
        'the push model (server/legacy/) and the re-run wire (server/modern/) never import each other, and the dispatcher core imports neither: each model comes to it as an interceptor',
      severity: 'error',
      from: { path: '^src/server/(legacy/|modern/|dispatch/|call-dispatcher)', pathNot: '\\.spec\\.ts$' },
      to: { path: '^src/server/(legacy|modern)/', pathNot: '^src/server/$1' },
    },
    {
      name: 'transport-wires-apart',
      comment:
        'the 2025-era wire (transport/legacy/) and the 2026-07-28 wire (transport/modern/) never import each other: what both need lives in transport/http/',
      severity: 'error',
      from: { path: '^src/transport/(legacy|modern)/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^src/transport/(legacy|modern)/', pathNot: '^src/transport/$1/' },
    },
    {
      name: 'cli-never-imports-runtime',
      comment: 'the CLI talks MCP like any client; of the library it imports only shared/',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: '^src/', pathNot: ['^src/cli/', '^src/shared/'] },
    },
    {
      name: 'sdk-runtime-only-at-the-edge',
      comment: 'runtime imports of the official SDK belong to server/, transport/, app/, testing/ and cli/',
      severity: 'error',
      from: { path: '^src/', pathNot: [SDK_AT_RUNTIME_ALLOWED, '\\.spec\\.ts$'] },
      to: { path: '@modelcontextprotocol/', dependencyTypesNot: ['type-only'] },
    },
    {
      // Type-only imports count too: a circle of types still ties two files into one unit.
      name: 'no-cycles',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.spec\\.ts$' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
  },
};
