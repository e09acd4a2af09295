import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The bench's legacy leg runs the bench child from tsc output and from the `elicitor build` bundle, on both
// wires, so RSS after the load is reported for both starts. Loads the built bench (`npm run build`).
const benchDist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'dist');

interface MeasurementRow {
  server: string;
  workload: string;
  ops: number;
  errors: number;
  rssBytes: number;
}

async function benchModule<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(join(benchDist, path)).href)) as T;
}

describe('the bench legacy leg', () => {
  it('measures the bundled child on the 2025 and 2026 wires beside the tsc output and the SDK', async () => {
    const { bundleBenchServer } = await benchModule<{
      bundleBenchServer(log: (line: string) => void): Promise<string | undefined>;
    }>('build/elicitor-bench.bundle.js');
    const { measureLegacy } = await benchModule<{
      measureLegacy(plan: object, cpuPlan: object, bundle?: string): Promise<MeasurementRow[]>;
    }>('suites/legacy.suite.js');
    const logged: string[] = [];
    const log = (line: string) => logged.push(line);
    const bundle = await bundleBenchServer(log);
    expect(logged).toStrictEqual([]);
    expect(bundle).toMatch(/elicitor\.bundle\.mjs$/);

    const rows = await measureLegacy(
      {
        repetitions: 1,
        warmup: { durationMs: 100, minRequests: 20, maxDurationMs: 500 },
        measureMs: 300,
        maxOpsPerSegment: 2_000,
        log,
      },
      { pinned: false },
      bundle,
    );

    const servers = ['sdk', 'elicitor', 'elicitor-2026', 'elicitor-bundle', 'elicitor-2026-bundle'];
    for (const workload of ['legacy-echo', 'legacy-flow']) {
      const measured = rows.filter((row) => row.workload === workload);
      expect(measured.map((row) => row.server).sort()).toStrictEqual([...servers].sort());
      for (const row of measured) {
        expect(row.errors).toBe(0);
        expect(row.ops).toBeGreaterThan(0);
        // A real process's resident set, read in the child after its load.
        expect(row.rssBytes).toBeGreaterThan(20 * 1024 * 1024);
      }
    }
    expect(logged[0]).toMatch(/tsc output and bundle/);
  }, 120_000);

  it('traces what outlives the young generation on a 2025 session (survivors.js --workload legacy-echo)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(benchDist, 'survivors.js'),
      '--workload',
      'legacy-echo',
      '--servers',
      'elicitor',
      '--seconds',
      '1',
    ]);
    const row = stdout.split('\n').find((line) => line.startsWith('elicitor '));
    // server, requests, scavenges, ...: a measured load, not an empty row.
    const [, requests] = row!.trim().split(/\s+/);
    expect(Number(requests.replace(/,/g, ''))).toBeGreaterThan(0);
  }, 60_000);
});
