// `node bench/dist/profile.js [--workload echo|flow|flow-<n>q|legacy-echo|legacy-flow] [--seconds 8] [--server elicitor|bare|sdk]`: --cpu-prof
// of a server child (Elicitor by default) under load, summarised by self time; see bench/README.md.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { benchPaths } from './bench.config.js';
import { workloadNamed } from './load/named-workload.js';
import { pinCurrentProcess, planCpus } from './process/cpu-affinity.js';
import { measure, warmUp } from './process/server-measurement.js';
import { ServerProcess } from './process/server-process.js';
import { summariseProfile } from './profile/cpu-profile.summary.js';
import type { CpuProfile, SelfTimeEntry } from './profile/cpu-profile.summary.js';
import { fixed, textTable } from './report/text-table.js';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

function table(entries: SelfTimeEntry[], withLocation: boolean): string {
  return textTable(
    withLocation ? ['function', 'ms', '% busy', 'where'] : ['module', 'ms', '% busy'],
    entries.map((entry) => [
      entry.label,
      fixed(entry.selfMs, 1),
      fixed(entry.percent, 1),
      ...(withLocation ? [entry.location] : []),
    ]),
    [3],
  );
}

async function main(): Promise<void> {
  const workloadName = option('workload', 'echo');
  const seconds = Number(option('seconds', '8'));
  const serverName = option('server', 'elicitor');
  const scripts: Record<string, string> = {
    elicitor: benchPaths.elicitorServer,
    bare: benchPaths.bareServer,
    sdk: benchPaths.sdkServer,
  };
  const script = scripts[serverName];
  if (script === undefined) throw new Error(`--server must be one of ${Object.keys(scripts).join(', ')}`);
  const cpus = planCpus();
  pinCurrentProcess(cpus);
  const profileDir = join(benchPaths.resultsDir, 'profiles');
  const profileName = `${serverName}-${workloadName}-${Date.now()}.cpuprofile`;
  const server = await ServerProcess.start(
    {
      name: serverName,
      script,
      nodeFlags: ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-name', profileName],
    },
    cpus,
  );
  const workload = workloadNamed(workloadName, undefined, server.port);
  await warmUp(server, workload, { durationMs: 2_000, minRequests: 6_000, maxDurationMs: 10_000 });
  const from = monotonicMicros();
  const result = await measure(
    server,
    workload,
    { durationMs: seconds * 1000, maxOps: Number.MAX_SAFE_INTEGER },
    0,
    cpus.serverCore,
  );
  const to = monotonicMicros();
  await server.stop();
  if (!(await readdir(profileDir)).includes(profileName))
    throw new Error('the server child wrote no profile');
  const profile = JSON.parse(await readFile(join(profileDir, profileName), 'utf8')) as CpuProfile;
  const summary = summariseProfile(profile, from, to);
  const report = [
    `${serverName} ${workloadName} under load: ${fixed(result.opsPerSec)} ${workload.opName}/s, ` +
      `${fixed(result.cpuMicrosPerOp)} µs CPU/${workload.opName}; main thread busy ${fixed(summary.busyMs)} ms, ` +
      `idle ${fixed(summary.idleMs)} ms in the ${seconds} s window (percentages are of busy time)`,
    '',
    'Self time by module',
    table(summary.modules.slice(0, 20), false),
    '',
    'Inclusive time by module (the module anywhere on the stack)',
    table(summary.modulesInclusive.slice(0, 20), false),
    '',
    'Inclusive time of Elicitor functions (which stage costs what)',
    table(summary.elicitorInclusive.slice(0, 25), true),
    '',
    'Top functions by self time',
    table(summary.functions, true),
  ].join('\n');
  const summaryFile = join(
    benchPaths.resultsDir,
    serverName === 'elicitor' ? `profile-${workloadName}.txt` : `profile-${serverName}-${workloadName}.txt`,
  );
  await writeFile(summaryFile, `${report}\n`);
  process.stdout.write(`${report}\n\nProfile: ${join(profileDir, profileName)}\nSummary: ${summaryFile}\n`);
}

await main();
