// `node bench/dist/survivors.js [--workload echo|flow|flow-<n>q|legacy-echo|legacy-flow] [--servers bare,elicitor,elicitor-bundle] [--seconds 8]
// [--contenders name=file.js] [--concurrency N]`:
// what outlives the young generation's collections under load (V8's `--trace-gc-nvp`), and how large the
// young generation grows; see bench/README.md.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { benchConfig, benchPaths } from './bench.config.js';
import { bundleBenchServer } from './build/elicitor-bench.bundle.js';
import { LoadRunner } from './load/load-runner.js';
import { workloadNamed } from './load/named-workload.js';
import { pinCurrentProcess, planCpus, type CpuPlan } from './process/cpu-affinity.js';
import { warmUp } from './process/server-measurement.js';
import { ServerProcess } from './process/server-process.js';
import { summariseGcTrace } from './profile/gc-trace.summary.js';
import { fixed, megabytes, textTable } from './report/text-table.js';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

async function scriptOf(serverName: string): Promise<string> {
  if (serverName === 'bare') return benchPaths.bareServer;
  if (serverName === 'elicitor') return benchPaths.elicitorServer;
  const contender = benchConfig.extraContenders.find(({ name }) => name === serverName);
  if (contender?.script) return contender.script;
  if (serverName === 'elicitor-bundle') {
    const bundle = await bundleBenchServer(log);
    if (bundle) return bundle;
  }
  throw new Error(
    `--servers takes bare, elicitor, elicitor-bundle (which needs a bundle) and names given with --contenders, not ${serverName}`,
  );
}

/** One server under load with the GC traced: the row of the report. */
async function traced(
  serverName: string,
  workloadName: string,
  seconds: number,
  cpus: CpuPlan,
): Promise<string[]> {
  const lines: string[] = [];
  const server = await ServerProcess.start(
    {
      name: serverName,
      script: await scriptOf(serverName),
      nodeFlags: ['--trace-gc-nvp'],
      onStdoutLine: (line) => lines.push(line),
    },
    cpus,
  );
  const concurrency = option('concurrency', '');
  const workload = workloadNamed(workloadName, concurrency ? Number(concurrency) : undefined, server.port);
  try {
    await warmUp(server, workload, { durationMs: 3_000, minRequests: 6_000, maxDurationMs: 10_000 });
    const runner = await LoadRunner.open(server.port, workload.concurrency);
    const first = lines.length;
    const result = await runner.run(workload, {
      durationMs: seconds * 1000,
      maxOps: Number.MAX_SAFE_INTEGER,
    });
    const measured = lines.slice(first);
    runner.close();
    const after = await server.snapshot();
    const requests = result.ops * workload.requestsPerOp;
    const gc = summariseGcTrace(measured);
    return [
      serverName,
      fixed(requests),
      fixed(gc.scavenges),
      fixed(gc.allocatedPerScavenge / 1024),
      fixed(gc.survivedPerScavenge / 1024, 1),
      fixed(gc.promotedBytes / requests, 1),
      fixed(gc.fullCollections),
      fixed(((gc.pauseMs + gc.helperMs) * 1000) / requests, 2),
      megabytes(after.youngGenerationBytes),
      megabytes(after.rssBytes),
    ];
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  // Planned once: pinning this process to its core leaves it seeing one core, and a second plan would pin nothing.
  const cpus = planCpus();
  pinCurrentProcess(cpus);
  const workloadName = option('workload', 'echo');
  const seconds = Number(option('seconds', '8'));
  const rows: string[][] = [];
  for (const serverName of option('servers', 'bare,elicitor').split(',')) {
    log(`${serverName}: ${workloadName} for ${seconds} s with the GC traced`);
    rows.push(await traced(serverName, workloadName, seconds, cpus));
  }
  const table = textTable(
    [
      'server',
      'requests',
      'scavenges',
      'KB alloc/scavenge',
      'KB survived/scavenge',
      'B promoted/request',
      'full GCs',
      'GC µs/request',
      'young gen MB',
      'RSS MB',
    ],
    rows,
  );
  const text = `${workloadName}, ${seconds} s after a warm-up, GC traced with --trace-gc-nvp\n\n${table}\n`;
  const summaryFile = join(benchPaths.resultsDir, `survivors-${workloadName}.txt`);
  await mkdir(benchPaths.resultsDir, { recursive: true });
  await writeFile(summaryFile, text);
  process.stdout.write(`${text}\nSummary: ${summaryFile}\n`);
}

await main();
