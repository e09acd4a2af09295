// `node bench/dist/instructions.js [--workloads echo,flow] [--servers bare,elicitor,elicitor-bundle,elicitor-no-records-bundle] [--ops N] [--warmup N] [--settle-ms N] [--cache-sim] [--breakdown]`:
// instructions per operation under valgrind's callgrind; see bench/README.md. Repeatable where timings are not.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchConfig, benchPaths } from './bench.config.js';
import { LoadRunner } from './load/load-runner.js';
import { workloadNamed } from './load/named-workload.js';
import { ServerProcess } from './process/server-process.js';
import { fixed, textTable } from './report/text-table.js';
import { bundleBenchServer, bundleNoRecordsServer } from './build/elicitor-bench.bundle.js';
import { breakdownOf, type WorkBreakdown } from './profile/callgrind-breakdown.js';
import { printBreakdowns } from './profile/breakdown.printer.js';
import {
  GC_EVENT,
  countedDumpsIn,
  eventsIn,
  type CountedDump,
  type EventCounts,
} from './profile/callgrind-dump.reader.js';

/** One connection: the count is per operation, so concurrency only adds noise from interleaved requests. */
const CONCURRENCY = 4;
const SERVERS: Record<string, string> = {
  bare: benchPaths.bareServer,
  elicitor: benchPaths.elicitorServer,
  'elicitor-no-records': benchPaths.elicitorNoRecordsServer,
  sdk: benchPaths.sdkServer,
};

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1] ?? fallback) : fallback;
}

function callgrindControl(args: string[]): void {
  execFileSync('callgrind_control', args, { stdio: 'ignore' });
}

/** What each report column sums, from callgrind's event names. */
const COLUMNS: Record<string, string[]> = {
  'k instructions/op': ['Ir'],
  'k of them GC': [GC_EVENT],
  'L1 misses/op': ['I1mr', 'D1mr', 'D1mw'],
  'L2 misses/op': ['ILmr', 'DLmr', 'DLmw'],
  'mispredicted/op': ['Bcm', 'Bim'],
};

/** Events the `--breakdown` tables show; the cache ones only with `--cache-sim`. */
const BREAKDOWN_EVENTS = ['Ir', 'I1mr', 'D1mr', 'D1mw', 'Bcm', 'Bim'];

/** What one counted run found: events per operation, and with `--breakdown` where they went. */
interface CountedRun {
  perOp: EventCounts;
  breakdown?: WorkBreakdown;
}

/** Counts one workload on a fresh server process, so no other workload's history shapes its JIT state. */
async function countOne(
  serverName: string,
  workloadName: string,
  ops: number,
  warmup: number,
): Promise<CountedRun> {
  const dir = mkdtempSync(join(tmpdir(), 'callgrind-'));
  const script =
    benchConfig.extraContenders.find((extra) => extra.name === serverName)?.script ?? SERVERS[serverName];
  if (script === undefined) throw new Error(`unknown server ${serverName}`);
  const server = await ServerProcess.start(
    {
      name: serverName,
      script,
      launcher: [
        'valgrind',
        '--tool=callgrind',
        '--instr-atstart=no',
        '--smc-check=all-non-file',
        // LL is simulated as a per-core L2 (1 MiB, 8-way), not the host's shared last level: what a
        // larger working set spills out of first.
        ...(cacheSim ? ['--cache-sim=yes', '--branch-sim=yes', '--LL=1048576,8,64'] : []),
        `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
      ],
      // V8 compiles and collects on the main thread: work an operation triggers is counted with it, and
      // none queued on a background thread spills into or out of the counted window, however slow valgrind
      // makes those threads. The symbol map needs V8's code log, kept in the dump directory.
      nodeFlags: [
        '--single-threaded',
        ...(perfMap
          ? ['--perf-basic-prof', '--no-logfile-per-isolate', `--logfile=${join(dir, 'v8.log')}`]
          : []),
      ],
      startTimeoutMs: 300_000,
    },
    { pinned: false },
  );
  try {
    const workload = workloadNamed(workloadName, CONCURRENCY);
    const runner = await LoadRunner.open(server.port, CONCURRENCY);
    const run = (count: number) =>
      runner.run(workload, { durationMs: 0, maxOps: count, minOps: count, maxDurationMs: 3_600_000 });
    await run(warmup);
    // A short idle pause after the warm-up (timers, deferred work), well under the server's 5 s keep-alive
    // timeout, so the warm connections are still open after it.
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    callgrindControl(['--instr=on', String(server.pid)]);
    const measured = await run(ops);
    callgrindControl(['--dump', String(server.pid)]);
    runner.close();
    if (measured.errors > 0) throw new Error(`${serverName} ${workloadName}: ${measured.firstError}`);
    const perOp: EventCounts = {};
    const dumps = countedDumpsIn(dir);
    for (const [name, total] of Object.entries(eventsIn(dumps))) perOp[name] = total / measured.ops;
    if (process.env.BENCH_KEEP_DUMPS) keepDumps(dir, server.pid, `${serverName}-${workloadName}`);
    process.stderr.write(`${serverName} ${workloadName}: ${fixed(perOp.Ir! / 1000, 1)} k instructions/op\n`);
    if (!breakdown) return { perOp };
    return { perOp, breakdown: workBreakdownIn(dumps, server.pid, measured.ops) };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    // V8 writes its perf map beside the system's temporary files; kept dumps hold their own copy.
    if (perfMap) rmSync(join(tmpdir(), `perf-${server.pid}.map`), { force: true });
  }
}

/** The dumps' cost by kind of work, per operation. */
function workBreakdownIn(dumps: readonly CountedDump[], pid: number, ops: number): WorkBreakdown {
  const events = cacheSim ? BREAKDOWN_EVENTS : ['Ir'];
  const mapFile = join(tmpdir(), `perf-${pid}.map`);
  const total: WorkBreakdown = new Map();
  for (const { file } of dumps) {
    for (const [kind, counts] of breakdownOf(file, mapFile, events, ops)) {
      const sum = total.get(kind) ?? {};
      for (const [event, value] of Object.entries(counts)) sum[event] = (sum[event] ?? 0) + value;
      total.set(kind, sum);
    }
  }
  return total;
}

/** Copies the dumps (and the JIT symbol map, with BENCH_PERF_MAP) for callgrind_annotate. */
function keepDumps(dir: string, pid: number, label: string): void {
  const target = join(process.env.BENCH_KEEP_DUMPS!, label);
  mkdirSync(target, { recursive: true });
  for (const file of readdirSync(dir)) copyFileSync(join(dir, file), join(target, file));
  const symbols = join(tmpdir(), `perf-${pid}.map`);
  if (existsSync(symbols)) copyFileSync(symbols, join(target, 'perf.map'));
}

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  execFileSync('callgrind_control', ['-h'], { stdio: 'ignore' });
} catch {
  process.stderr.write('instructions.js needs valgrind with callgrind (Debian: apt-get install valgrind)\n');
  process.exit(2);
}

const workloads = benchConfig.onlyWorkloads ?? ['echo', 'flow'];
const servers = benchConfig.onlyServers ?? ['bare', 'elicitor'];
const bundles = { 'elicitor-bundle': bundleBenchServer, 'elicitor-no-records-bundle': bundleNoRecordsServer };
for (const [name, build] of Object.entries(bundles)) {
  if (!servers.includes(name)) continue;
  const bundle = await build((line) => process.stderr.write(`${line}\n`));
  if (bundle === undefined) process.exit(1);
  SERVERS[name] = bundle;
}
const ops = option('ops', 3_000);
const warmup = option('warmup', 6_000);
const settleMs = option('settle-ms', 2_000);
const cacheSim = process.argv.includes('--cache-sim');
const breakdown = process.argv.includes('--breakdown');
// The breakdown resolves JIT code through V8's perf map, which costs some work of its own.
const perfMap = breakdown || process.env.BENCH_PERF_MAP !== undefined;
const columns = Object.keys(COLUMNS).filter((column) => cacheSim || column.startsWith('k '));
const counts = new Map<string, Map<string, EventCounts>>();
const breakdowns = new Map<string, Map<string, WorkBreakdown>>();
for (const server of servers) {
  const perWorkload = new Map<string, EventCounts>();
  const breakdownPerWorkload = new Map<string, WorkBreakdown>();
  for (const workload of workloads) {
    const run = await countOne(server, workload, ops, warmup);
    perWorkload.set(workload, run.perOp);
    if (run.breakdown) breakdownPerWorkload.set(workload, run.breakdown);
  }
  counts.set(server, perWorkload);
  breakdowns.set(server, breakdownPerWorkload);
}

const columnValue = (events: EventCounts, column: string): number =>
  COLUMNS[column]!.reduce((sum, name) => sum + (events[name] ?? 0), 0) / (column.startsWith('k ') ? 1000 : 1);
const rows = workloads.flatMap((workload) =>
  servers.map((server) => {
    const events = counts.get(server)!.get(workload)!;
    const reference = counts.get(servers[0]!)!.get(workload)!;
    return [
      workload,
      server,
      ...columns.flatMap((column) => {
        const value = columnValue(events, column);
        const ratio = server === servers[0] ? '' : `${fixed(value / columnValue(reference, column), 2)}×`;
        return [fixed(value, 1), ratio];
      }),
    ];
  }),
);
process.stdout.write(
  `${textTable(['workload', 'server', ...columns.flatMap((column) => [column, `vs ${servers[0]}`])], rows)}\n` +
    `(callgrind, all threads; per workload a fresh server process, ${warmup} warm-up operations, then ${ops} counted; ${CONCURRENCY} connections${cacheSim ? '; simulated caches and branch predictor' : ''})\n`,
);
if (breakdown) process.stdout.write(`\n${printBreakdowns(breakdowns, servers, workloads, cacheSim)}`);
// The kinds are told apart by source file, and the bundle is one file.
if (breakdown && servers.includes('elicitor-bundle'))
  process.stdout.write('(elicitor-bundle is one file: all its JavaScript counts in the row of the tools)\n');
