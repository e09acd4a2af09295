// `node bench/dist/allocations.js [--workload echo|flow|flow-<n>q|legacy-echo|legacy-flow] [--servers bare,elicitor] [--seconds 2] [--top 25]`:
// what each server allocates per request under load (V8's sampling heap profiler, freed objects included),
// by module and by function; see bench/README.md.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchPaths } from './bench.config.js';
import { LoadRunner } from './load/load-runner.js';
import { workloadNamed } from './load/named-workload.js';
import type { Workload } from './load/workload.js';
import { pinCurrentProcess, planCpus, type CpuPlan } from './process/cpu-affinity.js';
import { warmUp } from './process/server-measurement.js';
import { ServerProcess } from './process/server-process.js';
import { summariseAllocations, type SamplingHeapNode } from './profile/heap-profile.summary.js';
import { fixed, textTable } from './report/text-table.js';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const SCRIPTS: Record<string, string> = {
  bare: benchPaths.bareServer,
  elicitor: benchPaths.elicitorServer,
  sdk: benchPaths.sdkServer,
};
const PRELOAD = fileURLToPath(new URL('./profile/heap-sampling.preload.js', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sampled(
  serverName: string,
  workloadName: string,
  seconds: number,
  cpus: CpuPlan,
): Promise<string> {
  const script = SCRIPTS[serverName];
  if (script === undefined) throw new Error(`--servers takes ${Object.keys(SCRIPTS).join(', ')}`);
  const profileFile = join(benchPaths.resultsDir, `allocations-${serverName}-${workloadName}.heapprofile`);
  rmSync(profileFile, { force: true });
  process.env.ELICITOR_HEAP_PROFILE = profileFile;
  const server = await ServerProcess.start(
    { name: serverName, script, nodeFlags: ['--import', PRELOAD] },
    cpus,
  );
  const workload = workloadNamed(workloadName, undefined, server.port);
  try {
    await warmUp(server, workload, { durationMs: 3_000, minRequests: 6_000, maxDurationMs: 10_000 });
    process.kill(server.pid, 'SIGUSR2');
    await sleep(200);
    const runner = await LoadRunner.open(server.port, workload.concurrency);
    const result = await runner.run(workload, {
      durationMs: seconds * 1000,
      maxOps: Number.MAX_SAFE_INTEGER,
    });
    runner.close();
    process.kill(server.pid, 'SIGUSR2');
    for (let waited = 0; !existsSync(profileFile) && waited < 10_000; waited += 100) await sleep(100);
    const head = (JSON.parse(readFileSync(profileFile, 'utf8')) as { head: SamplingHeapNode }).head;
    return report(serverName, workload, result.ops * workload.requestsPerOp, head);
  } finally {
    await server.stop();
  }
}

function report(serverName: string, workload: Workload, requests: number, head: SamplingHeapNode): string {
  const top = Number(option('top', '25'));
  const summary = summariseAllocations(head);
  const perRequest = (bytes: number) => fixed(bytes / requests);
  const share = (bytes: number) => fixed((bytes / summary.totalBytes) * 100, 1);
  return [
    `${serverName} ${workload.name}: ${perRequest(summary.totalBytes)} bytes allocated per request (${requests} requests sampled)`,
    '',
    textTable(
      ['module', 'B/request', '%'],
      summary.modules.slice(0, 12).map((entry) => [entry.label, perRequest(entry.bytes), share(entry.bytes)]),
      [],
    ),
    '',
    textTable(
      ['function', 'B/request', '%', 'where'],
      summary.functions
        .slice(0, top)
        .map((entry) => [entry.label, perRequest(entry.bytes), share(entry.bytes), entry.location]),
      [3],
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  // Planned once: pinning this process to its core leaves it seeing one core, and a second plan would pin nothing.
  const cpus = planCpus();
  pinCurrentProcess(cpus);
  const workloadName = option('workload', 'echo');
  const seconds = Number(option('seconds', '2'));
  const reports: string[] = [];
  for (const serverName of option('servers', 'bare,elicitor').split(',')) {
    reports.push(await sampled(serverName, workloadName, seconds, cpus));
  }
  const text = `${reports.join('\n\n')}\n`;
  const summaryFile = join(benchPaths.resultsDir, `allocations-${workloadName}.txt`);
  await writeFile(summaryFile, text);
  process.stdout.write(`${text}\nSummary: ${summaryFile}\n`);
}

await main();
