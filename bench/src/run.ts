// `npm run bench`: bare node:http vs the official SDK vs Elicitor, interleaved in one run; see bench/README.md.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchConfig, benchPaths } from './bench.config.js';
import type { FlowWorkload } from './load/flow.workload.js';
import { workloadNamed } from './load/named-workload.js';
import type { Workload } from './load/workload.js';
import { pinCurrentProcess, planCpus } from './process/cpu-affinity.js';
import type { CpuPlan } from './process/cpu-affinity.js';
import { ServerProcess } from './process/server-process.js';
import type { ServerSpec } from './process/server-process.js';
import type { BenchResults } from './report/bench-results.js';
import { formatReport } from './report/report.printer.js';
import { writeResults } from './report/results.writer.js';
import { medianStateSizes, summarise } from './report/summary.js';
import { measureBootstrap } from './suites/bootstrap.suite.js';
import { runInterleaved } from './suites/interleaved.suite.js';
import { bundleSeedTour } from './build/seed-tour.bundle.js';
import { bundleBenchServer, bundleNoRecordsServer } from './build/elicitor-bench.bundle.js';
import { measureColdStart } from './suites/cold-start.suite.js';
import type { ColdStartResults } from './suites/cold-start.suite.js';
import { formatColdStart } from './report/cold-start.printer.js';
import type { InterleavedPlan } from './suites/interleaved.suite.js';
import type { Measurement } from './process/server-measurement.js';
import { measureLegacy } from './suites/legacy.suite.js';
import { formatLegacy } from './report/legacy.printer.js';
import {
  FLOW_VARIANT_QUESTIONS,
  flowVariantQuestions,
  flowVariantWorkloadName,
} from './wire/flow-variants.js';

/** The servers that serve the flows of other lengths. */
const FLOW_VARIANT_SERVERS = [
  'bare',
  'elicitor',
  'elicitor-zod',
  'elicitor-bundle',
  'elicitor-no-records',
  'elicitor-no-records-bundle',
  ...benchConfig.extraContenders.map(({ name }) => name),
];

const log = (line: string) => process.stderr.write(`${line}\n`);

async function startAll(specs: ServerSpec[], plan: CpuPlan): Promise<ServerProcess[]> {
  const servers: ServerProcess[] = [];
  for (const spec of specs) servers.push(await ServerProcess.start(spec, plan));
  return servers;
}

/** Workload instances per server and name, created on first use. */
function workloadCache(): (server: ServerProcess, name: string) => Workload {
  const cache = new Map<string, Workload>();
  return (server, name) => {
    const key = `${server.spec.name}\u0000${name}`;
    const known = cache.get(key);
    if (known) return known;
    const workload = workloadNamed(name);
    cache.set(key, workload);
    return workload;
  };
}

/** Elicitor's echo with a small and a large catalogue: per-request cost must not grow with it. */
async function measureScaling(
  interleaving: Omit<InterleavedPlan, 'servers' | 'workloadNames' | 'workloadFor'>,
  cpuPlan: CpuPlan,
): Promise<Measurement[]> {
  log(`scaling: Elicitor echo with ${benchConfig.scalingToolCounts.join(' vs ')} registered tools`);
  const scaled = await startAll(
    benchConfig.scalingToolCounts.map((tools) => ({
      name: `elicitor-${tools}`,
      script: benchPaths.elicitorServer,
      args: ['--extra-tools', String(tools - 2)],
    })),
    cpuPlan,
  );
  try {
    return await runInterleaved({
      ...interleaving,
      servers: scaled,
      workloadNames: ['echo'],
      workloadFor: workloadCache(),
    });
  } finally {
    await Promise.all(scaled.map((server) => server.stop()));
  }
}

/** Bare node, the official SDK and the seed-tour sample, each spawned fresh for every measured start. */
async function coldStart(): Promise<ColdStartResults> {
  log(
    `cold start: bare vs sdk vs elicitor (seed-tour), ${benchConfig.coldStartRuns} runs × stdio/http × modern/legacy`,
  );
  const bundle = await bundleSeedTour(log);
  return measureColdStart({
    contenders: [
      { name: 'bare', script: benchPaths.coldBareServer },
      { name: 'sdk', script: benchPaths.coldSdkServer },
      { name: 'elicitor', script: benchPaths.seedTourMain },
      ...(bundle ? [{ name: 'elicitor-bundle', script: bundle }] : []),
      ...benchConfig.coldStartExtra,
    ],
    repetitions: benchConfig.coldStartRuns,
    reference: 'sdk',
    log,
  });
}

/** `--suites cold-start`: only the cold-start suite, written to results/cold-start.json. */
async function coldStartOnly(): Promise<void> {
  const results = await coldStart();
  const file = await writeResults(benchPaths.resultsDir, results, 'cold-start');
  process.stdout.write(`\n${formatColdStart(results)}\n\nFull results: ${file}\n`);
}

/** `--suites legacy`: only the legacy leg, written to results/legacy.json. */
async function legacyOnly(): Promise<void> {
  const cpuPlan = planCpus();
  pinCurrentProcess(cpuPlan);
  const loadAtStart = loadavg();
  const bundle = await bundleBenchServer(log);
  const measurements = await measureLegacy(interleavingOf(cpuPlan), cpuPlan, bundle);
  const rows = summarise(measurements, ['sdk']);
  const file = await writeResults(
    benchPaths.resultsDir,
    { loadAverage: { start: loadAtStart, end: loadavg() }, rows, measurements },
    'legacy',
  );
  process.stdout.write(`\n${formatLegacy(rows, benchConfig)}\nFull results: ${file}\n`);
  if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
}

function interleavingOf(cpuPlan: CpuPlan) {
  return {
    repetitions: benchConfig.repetitions,
    warmup: {
      durationMs: benchConfig.warmupMs,
      minRequests: benchConfig.warmupMinRequests,
      maxDurationMs: benchConfig.warmupMaxMs,
    },
    measureMs: benchConfig.measureMs,
    maxOpsPerSegment: benchConfig.maxOpsPerSegment,
    ...(cpuPlan.serverCore !== undefined ? { serverCore: cpuPlan.serverCore } : {}),
    log,
  };
}

async function main(): Promise<void> {
  const suites = benchConfig.onlySuites;
  if (suites && !suites.includes('throughput')) {
    if (suites.includes('cold-start')) await coldStartOnly();
    if (suites.includes('legacy')) await legacyOnly();
    return;
  }
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg();
  const cpuPlan = planCpus();
  pinCurrentProcess(cpuPlan);
  const interleaving = interleavingOf(cpuPlan);

  const focused = benchConfig.onlyWorkloads !== undefined || benchConfig.onlyServers !== undefined;
  const withColdStart = suites ? suites.includes('cold-start') : !focused;
  const coldStartResults = withColdStart ? await coldStart() : undefined;
  if (!focused)
    log(
      `bootstrap: Elicitor.create with ${benchConfig.bootstrapTools} tools ×${benchConfig.bootstrapRuns} fresh processes`,
    );
  const bootstrap = focused
    ? []
    : [
        await measureBootstrap(
          benchPaths.elicitorServer,
          benchConfig.bootstrapTools,
          benchConfig.bootstrapRuns,
          cpuPlan,
        ),
      ];

  log('comparison: bare vs sdk vs tmcp vs elicitor vs elicitor-zod vs elicitor-bundle');
  const wanted = (name: string) => benchConfig.onlyServers?.includes(name) ?? true;
  const bundle = wanted('elicitor-bundle') ? await bundleBenchServer(log) : undefined;
  const namedOnly = (name: string) => benchConfig.onlyServers?.includes(name) ?? false;
  const noRecordsBundle = namedOnly('elicitor-no-records-bundle')
    ? await bundleNoRecordsServer(log)
    : undefined;
  const contenderSpecs: ServerSpec[] = [
    { name: 'bare', script: benchPaths.bareServer },
    { name: 'sdk', script: benchPaths.sdkServer },
    // tmcp, another 2026-wire server library, with its Zod adapter and HTTP transport.
    { name: 'tmcp', script: benchPaths.tmcpServer },
    { name: 'elicitor', script: benchPaths.elicitorServer },
    // The same tools declared with Zod: the Standard Schema path must cost about what classes do.
    { name: 'elicitor-zod', script: benchPaths.elicitorZodServer },
    ...(bundle ? [{ name: 'elicitor-bundle', script: bundle }] : []),
    // Measurement only, and only when named: what exactly-once costs, with a store that keeps nothing.
    ...(namedOnly('elicitor-no-records')
      ? [{ name: 'elicitor-no-records', script: benchPaths.elicitorNoRecordsServer }]
      : []),
    ...(noRecordsBundle ? [{ name: 'elicitor-no-records-bundle', script: noRecordsBundle }] : []),
  ];
  const contenders = await startAll(
    [
      ...contenderSpecs.filter((spec) => wanted(spec.name)),
      ...benchConfig.extraContenders.map(({ name, script }) => ({ name: name!, script: script! })),
    ],
    cpuPlan,
  );
  const workloadFor = workloadCache();
  const requested = benchConfig.onlyWorkloads ?? [
    'echo',
    'flow',
    ...FLOW_VARIANT_QUESTIONS.map(flowVariantWorkloadName),
  ];
  const roundNames = requested.filter((name) => flowVariantQuestions(name) !== undefined);
  let comparison: Measurement[] = [];
  let flowRounds: Measurement[] = [];
  try {
    const comparisonNames = requested.filter((name) => flowVariantQuestions(name) === undefined);
    if (comparisonNames.length > 0)
      comparison = await runInterleaved({
        ...interleaving,
        servers: contenders,
        workloadNames: comparisonNames,
        workloadFor,
      });
    if (roundNames.length > 0) {
      log('flow rounds: bare vs elicitor (and its bundle), flows of 2, 3 and 5 questions');
      flowRounds = await runInterleaved({
        ...interleaving,
        servers: contenders.filter((server) => FLOW_VARIANT_SERVERS.includes(server.spec.name)),
        workloadNames: roundNames,
        workloadFor,
      });
    }
  } finally {
    await Promise.all(contenders.map((server) => server.stop()));
  }
  const stateSamples = Object.fromEntries(
    contenders.map((server) => [server.spec.name, (workloadFor(server, 'flow') as FlowWorkload).stateSizes]),
  );

  const scaling = focused ? [] : await measureScaling(interleaving, cpuPlan);
  const legacy = focused ? [] : await measureLegacy(interleaving, cpuPlan, bundle);

  const results: BenchResults = {
    startedAt,
    durationMs: performance.now() - started,
    environment: {
      node: process.version,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
      cores: cpus().length,
      cpus: cpuPlan,
      platform: `${process.platform}-${process.arch}`,
      loadAverage: { start: loadAtStart, end: loadavg() },
    },
    config: benchConfig,
    comparison: { rows: summarise(comparison, ['bare', 'sdk']), measurements: comparison },
    requestStateBytes: medianStateSizes(stateSamples),
    scaling: {
      rows: scaling.length ? summarise(scaling, [scaling[0].server]) : [],
      measurements: scaling,
    },
    bootstrap,
    ...(legacy.length ? { legacy: { rows: summarise(legacy, ['sdk']), measurements: legacy } } : {}),
    ...(flowRounds.length > 0
      ? { flowRounds: { rows: summarise(flowRounds, ['bare']), measurements: flowRounds } }
      : {}),
    ...(coldStartResults ? { coldStart: coldStartResults } : {}),
  };
  // A focused run never replaces the full run's results.
  const file = await writeResults(benchPaths.resultsDir, results, focused ? 'focused' : 'latest');
  process.stdout.write(
    `\n${formatReport(results)}\n${results.legacy ? `\n${formatLegacy(results.legacy.rows, benchConfig)}` : ''}\nTotal ${(results.durationMs / 1000).toFixed(0)} s. Full results: ${file}\n`,
  );
  const failed = [
    ...results.comparison.rows,
    ...results.scaling.rows,
    ...(results.legacy?.rows ?? []),
    ...(results.flowRounds?.rows ?? []),
  ].some((row) => row.errors > 0);
  if (failed) process.exitCode = 1;
}

await main();
