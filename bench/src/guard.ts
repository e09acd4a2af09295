// `node bench/dist/guard.js [--only name,...] [--update [--record name,...] --reason "why"]`: the hot path's
// guard (see bench/README.md). Counts each guarded operation against bare in the same run and fails when a
// ratio grew more than 5% over `bench/guard-baseline.json`; `--update` records the run as the new baseline,
// with why (`--record`: only those operations' figures, from a run of them all).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ALLOWED_GROWTH, failuresAgainst, readBaseline, writeBaseline } from './guard/guard-baseline.js';
import { measureGuardedOperations } from './guard/guard-measurement.js';
import { printGuardTable } from './guard/guard.printer.js';
import { GUARDED_OPERATIONS } from './guard/guarded-operations.js';

const BASELINE_FILE = fileURLToPath(new URL('../guard-baseline.json', import.meta.url));
const UPDATE_COMMAND = 'npm run bench:guard:update -- --reason "<why the figures moved>"';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

try {
  execFileSync('callgrind_control', ['-h'], { stdio: 'ignore' });
} catch {
  process.stderr.write('the guard needs valgrind with callgrind (Debian: apt-get install valgrind)\n');
  process.exit(2);
}

const update = process.argv.includes('--update');
const reason = argument('reason')?.trim();
if (update && !reason) {
  process.stderr.write(`an update records why the figures moved: ${UPDATE_COMMAND}\n`);
  process.exit(2);
}
const only = argument('only')?.split(',');
const unknown = only?.filter((name) => !GUARDED_OPERATIONS.some((op) => op.name === name)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(`no guarded operation named ${unknown.join(', ')}\n`);
  process.exit(2);
}
const operations = GUARDED_OPERATIONS.filter((op) => only === undefined || only.includes(op.name));
const recorded = argument('record')?.split(',');
const unmeasured = recorded?.filter((name) => !operations.some((op) => op.name === name)) ?? [];
if (unmeasured.length > 0) {
  process.stderr.write(`--record names operations this run does not count: ${unmeasured.join(', ')}\n`);
  process.exit(2);
}

const baseline = readBaseline(BASELINE_FILE);
const figures = await measureGuardedOperations(operations, (line) => process.stderr.write(`${line}\n`));
process.stdout.write(`${printGuardTable(figures, baseline)}\n`);
process.stdout.write(
  `(callgrind; 4 connections; node ${process.version}; baseline: ${baseline ? `${baseline.recorded}, node ${baseline.node}: ${baseline.reason}` : 'none'})\n`,
);

if (update) {
  const kept = recorded ? Object.fromEntries(recorded.map((name) => [name, figures[name]])) : figures;
  writeBaseline(BASELINE_FILE, { ...baseline?.operations, ...kept }, reason!);
  process.stdout.write(`baseline updated: ${BASELINE_FILE}\n`);
  process.exit(0);
}
const advisory = new Map(operations.flatMap((op) => (op.advisory ? [[op.name, op.advisory] as const] : [])));
const enforced = (found: ReturnType<typeof failuresAgainst>) =>
  found.filter((failure) => {
    const why = advisory.get(failure.operation);
    if (why)
      process.stdout.write(`advisory, not failed: ${failure.operation}: ${failure.message} (${why})\n`);
    return !why;
  });
let failures = enforced(failuresAgainst(baseline, figures));
if (failures.length > 0) {
  // Work that follows the wall clock (session sweeps, stream keep-alives) can land in a counted window and
  // only ever adds to it: an operation fails only when a second, fresh count of it is past the limit too.
  const suspects = new Set(failures.map((failure) => failure.operation));
  process.stderr.write(`counting ${[...suspects].join(', ')} again to confirm\n`);
  const again = await measureGuardedOperations(
    operations.filter((op) => suspects.has(op.name)),
    (line) => process.stderr.write(`${line}\n`),
  );
  process.stdout.write(`${printGuardTable(again, baseline)}\n`);
  failures = enforced(failuresAgainst(baseline, again));
}
if (failures.length === 0) {
  process.stdout.write(`guard: every ratio within +${ALLOWED_GROWTH * 100}% of the baseline\n`);
  process.exit(0);
}
process.stdout.write(
  `\nGUARD FAILED: the hot path grew past its baseline\n${failures
    .map((failure) => `  ${failure.operation}: ${failure.message}`)
    .join('\n')}\n` +
    'Find what made the path cost more (bench/README.md: instructions.js --breakdown, allocations.js, survivors.js).\n' +
    `If the cost is deliberate, update the baseline in the same commit and say why: ${UPDATE_COMMAND}\n`,
);
process.exit(1);
