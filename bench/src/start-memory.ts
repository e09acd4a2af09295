// `node bench/dist/start-memory.js [--servers elicitor,minimal] [--runs 3] [--files]`: what a server child
// holds right after `app.listen`, after a full collection (RSS, heap used, heap reserved; the median of
// `--runs` fresh processes), and, from one more process, how many module files it loaded: all of them,
// Elicitor's own, and per package. `--files` lists Elicitor's own files too.
import { spawn } from 'node:child_process';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchPaths } from './bench.config.js';
import type { StartMemoryReport } from './process/start-memory.preload.js';
import { fixed, textTable } from './report/text-table.js';

const servers: Record<string, string> = {
  elicitor: benchPaths.elicitorServer,
  minimal: benchPaths.minimalStartServer,
};
const libraryDist = fileURLToPath(new URL('../../dist/', import.meta.url));

const mebibytes = (bytes: number): string => fixed(bytes / 1024 / 1024, 1);

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

/** Starts one server child in a fresh node, waits for it to listen, and reads what it holds. */
async function measure(script: string, countFiles: boolean): Promise<StartMemoryReport> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', benchPaths.startMemoryPreload, script], {
    stdio: ['ignore', 'inherit', 'ignore', 'ipc'],
    env: { ...process.env, START_MEMORY_FILES: countFiles ? '1' : '0' },
  });
  try {
    return await new Promise<StartMemoryReport>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`${script} exited with code ${code}`)));
      child.on('message', (message: { type: string; message?: string }) => {
        if (message.type === 'failed') reject(new Error(message.message));
        if (message.type === 'ready') child.send({ type: 'start-memory' });
        if (message.type === 'start-memory') resolve(message as StartMemoryReport);
      });
    });
  } finally {
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'stop' });
    await exited;
  }
}

/** `lru-cache` for `…/node_modules/lru-cache/dist/…`, `@scope/name` for scoped packages. */
function packageOf(file: string): string | undefined {
  const parts = file.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const name = parts[at + 1]!;
  return name.startsWith('@') ? `${name}/${parts[at + 2]}` : name;
}

async function main(): Promise<void> {
  const rows: string[][] = [];
  const listed: string[] = [];
  for (const name of option('servers', 'elicitor,minimal').split(',')) {
    const script = servers[name];
    if (!script) throw new Error(`--servers takes ${Object.keys(servers).join(', ')}, not ${name}`);
    const memory: StartMemoryReport[] = [];
    for (let run = 0; run < Number(option('runs', '3')); run++) memory.push(await measure(script, false));
    const median = (read: (report: StartMemoryReport) => number) =>
      memory.map(read).sort((a, b) => a - b)[Math.floor(memory.length / 2)]!;
    const report = await measure(script, true);
    const own = report.files.filter((file) => file.startsWith(libraryDist));
    const packages = new Map<string, number>();
    for (const file of report.files) {
      const pkg = packageOf(file);
      if (pkg) packages.set(pkg, (packages.get(pkg) ?? 0) + 1);
    }
    rows.push([
      name,
      mebibytes(median((run) => run.rssBytes)),
      mebibytes(median((run) => run.heapUsedBytes)),
      mebibytes(median((run) => run.heapTotalBytes)),
      fixed(report.files.length),
      fixed(own.length),
      [...packages].map(([pkg, count]) => `${pkg} ${count}`).join(', '),
    ]);
    if (process.argv.includes('--files')) {
      listed.push(
        `\n${name}: Elicitor's own files\n`,
        ...own.map((file) => `  ${relative(libraryDist, file)}`),
      );
    }
  }
  const table = textTable(
    ['server', 'RSS MiB', 'heap used MiB', 'heap total MiB', 'files', "Elicitor's", 'packages (files)'],
    rows,
    [6],
  );
  const runs = option('runs', '3');
  process.stdout.write(
    `After app.listen and a full collection (gc()), median of ${runs} processes\n\n${table}\n${listed.join('\n')}\n`,
  );
}

await main();
