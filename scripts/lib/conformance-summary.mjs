// Turns the conformance suite's result folders into counts we can gate CI on.
//
// The suite's own "Total:" line also counts scenarios it does not score (extensions,
// pending ones) and a scenario that crashed leaves no checks.json at all, so we read
// every checks.json ourselves, drop what the suite lists under "Not scored for …",
// and count a scenario without results as one failure.
//
//   node conformance-summary.mjs run --kind server|client --label L --out DIR --log LOG
//        --exit RC --records FILE [--expect SCENARIO]...
//       prints the failing checks and "L: N passed, M failed", appends one record to FILE.
//   node conformance-summary.mjs rollup --records FILE --into FILE --label L
//       appends one record to --into that sums every record of --records.
//   node conformance-summary.mjs table --records FILE [--title T]
//       prints a table of the records and last "N passed, M failed"; exits 1 unless all are green.
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// "<name>-2026-12-02T15-05-42-588Z": the suite's folder name is the scenario plus an ISO time.
const TIMESTAMP_SUFFIX = /-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;
// Server result folders carry this prefix; client ones do not.
const SERVER_PREFIX = 'server-';
const MESSAGE_LIMIT = 300;

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const options = { expect: [] };
  for (let index = 0; index < rest.length; index += 2) {
    const key = rest[index].replace(/^--/, '');
    const value = rest[index + 1];
    if (value === undefined) throw new Error(`missing value for --${key}`);
    if (key === 'expect') options.expect.push(value);
    else options[key] = value;
  }
  return { command, options };
}

function required(options, key) {
  if (options[key] === undefined) throw new Error(`--${key} is required`);
  return options[key];
}

function stripColours(text) {
  return text.replace(/\x1b\[[0-9;]*m/g, '');
}

/** Every folder under `root` that holds a checks.json, depth first. */
function findResultFolders(root) {
  if (!existsSync(root)) return [];
  const found = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(root, entry.name);
    if (existsSync(join(folder, 'checks.json'))) found.push(folder);
    else found.push(...findResultFolders(folder));
  }
  return found;
}

function scenarioNameOf(outDir, folder, kind) {
  const name = relative(outDir, folder).replace(TIMESTAMP_SUFFIX, '');
  return kind === 'server' && name.startsWith(SERVER_PREFIX) ? name.slice(SERVER_PREFIX.length) : name;
}

/** Scenarios the suite printed under "Not scored for <revision>: …" (only with --requirements). */
function notScoredScenarios(log) {
  const names = new Set();
  const [, section] = log.split(/^Not scored for [^\n]*\n/m);
  if (section === undefined) return names;
  for (const line of section.split('\n')) {
    const match = line.match(/^\s+[✓✗]\s+(\S+)\s+\(/);
    if (!match) break;
    names.add(match[1]);
  }
  return names;
}

function oneLine(text) {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .slice(0, MESSAGE_LIMIT);
}

function readChecks(folder) {
  try {
    return JSON.parse(readFileSync(join(folder, 'checks.json'), 'utf8'));
  } catch (error) {
    return [{ id: 'checks-json-unreadable', status: 'FAILURE', errorMessage: String(error) }];
  }
}

function summariseRun(options) {
  const kind = required(options, 'kind');
  const label = required(options, 'label');
  const outDir = required(options, 'out');
  const suiteExit = Number(required(options, 'exit'));
  const log = options.log && existsSync(options.log) ? stripColours(readFileSync(options.log, 'utf8')) : '';

  const notScored = notScoredScenarios(log);
  const started = [...log.matchAll(/^=== Running scenario: (\S+) ===$/gm)].map((match) => match[1]);
  const skipped = [...log.matchAll(/SKIPPED: scenario '([^']+)' is not applicable/g)].map(
    (match) => match[1],
  );
  const record = {
    label,
    passed: 0,
    failed: 0,
    warnings: 0,
    scenarios: 0,
    failedScenarios: 0,
    suiteExit,
    ok: true,
  };
  const problems = [];
  const excluded = [];
  const seen = new Set();

  for (const folder of findResultFolders(outDir).sort()) {
    const scenario = scenarioNameOf(outDir, folder, kind);
    seen.add(scenario);
    const checks = readChecks(folder);
    const passed = checks.filter((check) => check.status === 'SUCCESS').length;
    const failures = checks.filter((check) => check.status === 'FAILURE');
    const warnings = checks.filter((check) => check.status === 'WARNING');
    const scored = !notScored.has(scenario);
    for (const check of [...failures, ...warnings]) {
      const tag = check.status === 'FAILURE' ? 'FAIL' : 'WARN';
      const note = scored ? '' : ' [not scored]';
      problems.push(
        `${tag} ${scenario} ${check.id}${note}: ${oneLine(check.errorMessage ?? check.description)}`,
      );
    }
    if (!scored) {
      excluded.push(`${scenario} (${passed} passed, ${failures.length} failed)`);
      continue;
    }
    record.scenarios += 1;
    record.passed += passed;
    record.failed += failures.length;
    record.warnings += warnings.length;
    if (failures.length > 0) record.failedScenarios += 1;
  }

  // A scenario that threw inside the suite, or a client run that wrote nothing, has no folder.
  for (const scenario of new Set([...started, ...options.expect])) {
    if (seen.has(scenario) || notScored.has(scenario) || skipped.includes(scenario)) continue;
    problems.push(`FAIL ${scenario}: no checks.json (the scenario crashed or never ran)`);
    record.scenarios += 1;
    record.failed += 1;
    record.failedScenarios += 1;
  }

  record.ok = record.failed === 0 && suiteExit === 0;
  for (const line of problems) console.log(line);
  if (excluded.length > 0) console.log(`not scored (left out of the counts): ${excluded.join('; ')}`);
  if (skipped.length > 0) console.log(`skipped as not applicable at this revision: ${skipped.join(', ')}`);
  const verdict = record.ok ? 'ok' : 'FAILED';
  console.log(
    `${label}: ${record.passed} passed, ${record.failed} failed, ${record.warnings} warnings; ` +
      `scenarios ${record.scenarios - record.failedScenarios}/${record.scenarios}; suite exit ${suiteExit}; ${verdict}`,
  );
  appendFileSync(required(options, 'records'), `${JSON.stringify(record)}\n`);
}

function readRecords(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

function rollup(options) {
  const records = readRecords(required(options, 'records'));
  const total = {
    label: required(options, 'label'),
    passed: 0,
    failed: 0,
    warnings: 0,
    scenarios: 0,
    failedScenarios: 0,
  };
  for (const record of records) {
    for (const key of ['passed', 'failed', 'warnings', 'scenarios', 'failedScenarios'])
      total[key] += record[key];
  }
  total.suiteExit = Math.max(0, ...records.map((record) => record.suiteExit));
  total.ok = records.length > 0 && records.every((record) => record.ok);
  appendFileSync(required(options, 'into'), `${JSON.stringify(total)}\n`);
}

function printTable(options) {
  const records = readRecords(required(options, 'records'));
  const header = ['run', 'passed', 'failed', 'warnings', 'scenarios', 'suite exit', 'result'];
  const rows = records.map((record) => [
    record.label,
    String(record.passed),
    String(record.failed),
    String(record.warnings),
    `${record.scenarios - record.failedScenarios}/${record.scenarios}`,
    String(record.suiteExit),
    record.ok ? 'ok' : 'FAILED',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const format = (row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  console.log(`\n=== ${options.title ?? 'conformance summary'} ===`);
  console.log(format(header).trimEnd());
  console.log(format(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(format(row).trimEnd());

  let passed = 0;
  let failed = 0;
  for (const record of records) {
    passed += record.passed;
    // A red run with no failing check (client crash, warnings, suite error) still counts once.
    failed += record.ok || record.failed > 0 ? record.failed : 1;
  }
  const allGreen = records.length > 0 && records.every((record) => record.ok);
  if (records.length === 0) failed = 1;
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = allGreen ? 0 : 1;
}

const { command, options } = parseArgs(process.argv.slice(2));
if (command === 'run') summariseRun(options);
else if (command === 'rollup') rollup(options);
else if (command === 'table') printTable(options);
else {
  console.error('usage: conformance-summary.mjs run|rollup|table --option value ...');
  process.exitCode = 2;
}
