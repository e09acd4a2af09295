import { fileURLToPath } from 'node:url';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : Number(raw);
}

const quick = process.argv.includes('--quick');

function listFlag(name: string): string[] | undefined {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  return value === undefined ? undefined : value.split(',').filter(Boolean);
}

/** Every knob of the run; `--quick` or BENCH_* variables shrink it for a smoke run. */
export const benchConfig = {
  echoConcurrency: 32,
  flowConcurrency: 16,
  repetitions: envNumber('BENCH_REPS', quick ? 1 : 3),
  /** Warm-up: at least this long and this many requests (JIT), but never longer than the cap. */
  warmupMs: envNumber('BENCH_WARMUP_MS', quick ? 500 : 2_000),
  warmupMinRequests: envNumber('BENCH_WARMUP_REQUESTS', quick ? 500 : 4_000),
  warmupMaxMs: envNumber('BENCH_WARMUP_MAX_MS', quick ? 1_000 : 6_000),
  measureMs: envNumber('BENCH_MEASURE_MS', quick ? 1_000 : 4_000),
  /** Hard bound on operations per measured segment. */
  maxOpsPerSegment: 400_000,
  bootstrapTools: 1_000,
  bootstrapRuns: envNumber('BENCH_BOOTSTRAP_RUNS', quick ? 1 : 3),
  /** Fresh processes per server, transport and era in the cold-start suite. */
  coldStartRuns: envNumber('BENCH_COLD_RUNS', quick ? 1 : 7),
  /** `--suites cold-start`, `--suites legacy` or `--suites throughput`: only those parts of the run. */
  onlySuites: listFlag('suites'),
  /** `--cold-extra name=file.js,...`: more cold-start contenders, e.g. an app bundled by `elicitor build`. */
  coldStartExtra: (listFlag('cold-extra') ?? []).map((entry) => {
    const [name, script] = entry.split('=');
    return { name, script };
  }),
  /** `--contenders name=file.js,...`: more throughput contenders, e.g. a variant of the Elicitor server. */
  extraContenders: (listFlag('contenders') ?? []).map((entry) => {
    const [name, script] = entry.split('=');
    return { name, script };
  }),
  scalingToolCounts: [10, 1_000] as const,
  /** `--workloads flow` / `--servers bare,elicitor`: a focused comparison only (no bootstrap, no scaling). */
  onlyWorkloads: listFlag('workloads'),
  onlyServers: listFlag('servers'),
};

export type BenchConfig = typeof benchConfig;

/** Compiled files of this package, resolved from this module's own location. */
export const benchPaths = {
  bareServer: fileURLToPath(new URL('./servers/bare.server.js', import.meta.url)),
  sdkServer: fileURLToPath(new URL('./servers/sdk.server.js', import.meta.url)),
  tmcpServer: fileURLToPath(new URL('./servers/tmcp.server.js', import.meta.url)),
  sdkLegacyServer: fileURLToPath(new URL('./servers/sdk-legacy.server.js', import.meta.url)),
  elicitorServer: fileURLToPath(new URL('./servers/elicitor.server.js', import.meta.url)),
  elicitorZodServer: fileURLToPath(new URL('./servers/elicitor-zod.server.js', import.meta.url)),
  elicitorAppServer: fileURLToPath(new URL('./servers/elicitor-app.server.js', import.meta.url)),
  elicitorNoRecordsServer: fileURLToPath(new URL('./servers/elicitor-no-records.server.js', import.meta.url)),
  minimalStartServer: fileURLToPath(new URL('./servers/minimal-start.server.js', import.meta.url)),
  startMemoryPreload: fileURLToPath(new URL('./process/start-memory.preload.js', import.meta.url)),
  coldBareServer: fileURLToPath(new URL('./servers/cold-bare.server.js', import.meta.url)),
  coldSdkServer: fileURLToPath(new URL('./servers/cold-sdk.server.js', import.meta.url)),
  /** The seed-tour sample's main, as an app ships it. */
  seedTourMain: fileURLToPath(new URL('../../samples/seed-tour/dist/main.js', import.meta.url)),
  resultsDir: fileURLToPath(new URL('../results/', import.meta.url)),
};
