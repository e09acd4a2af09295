import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { workKindOf } from './work-kinds.js';

/** Each event per operation, by kind of work; {@link JIT_CODE_KB} is the size of the JIT code run per operation. */
export type WorkBreakdown = Map<string, Record<string, number>>;

/**
 * The machine code of the JavaScript functions that ran at least once per operation (from the perf map's
 * sizes): how much code a request walks through, which is what instruction-cache misses grow with.
 */
export const JIT_CODE_KB = 'jitCodeKB';
/** How many JavaScript functions ran at least once per operation. */
export const JIT_FUNCTIONS = 'jitFunctions';

interface CodeRange {
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

/** V8's `--perf-basic-prof` map: `<start hex> <size hex> <name>` a line, for code the JIT made. */
function readPerfMap(file: string | undefined): CodeRange[] {
  if (file === undefined || !existsSync(file)) return [];
  const ranges: CodeRange[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([0-9a-f]+) ([0-9a-f]+) (.+)$/.exec(line);
    if (!match) continue;
    const start = parseInt(match[1]!, 16);
    ranges.push({ start, end: start + parseInt(match[2]!, 16), name: match[3]! });
  }
  return ranges.sort((a, b) => a.start - b.start);
}

function resolve(ranges: readonly CodeRange[], address: number): CodeRange | undefined {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle]!;
    if (address < range.start) high = middle - 1;
    else if (address >= range.end) low = middle + 1;
    else return range;
  }
  return undefined;
}

/** `1,234 ( 0.5%)` or `.`, then the next column. */
const PERCENT = /\(\s*[\d.]+%\)/g;

/**
 * Sums a callgrind dump's self cost of every function by kind of work (see `work-kinds.ts`), per operation.
 * Addresses of JIT code resolve through the perf map the server wrote; without one they count as other
 * native code. `events` must start with `Ir`.
 */
export function breakdownOf(
  dumpFile: string,
  perfMapFile: string | undefined,
  events: readonly string[],
  ops: number,
): WorkBreakdown {
  const listing = execFileSync(
    'callgrind_annotate',
    ['--inclusive=no', '--threshold=100', `--show=${events.join(',')}`, dumpFile],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
  );
  const ranges = readPerfMap(perfMapFile);
  const breakdown: WorkBreakdown = new Map();
  const codeRun = new Set<CodeRange>();
  for (const line of listing.split('\n')) {
    const tokens = line.replace(PERCENT, ' ').trim().split(/\s+/);
    if (tokens.length <= events.length || line.includes('PROGRAM TOTALS')) continue;
    const values = tokens.slice(0, events.length);
    if (!values.every((value) => value === '.' || /^[\d,]+$/.test(value))) continue;
    const symbol = tokens
      .slice(events.length)
      .join(' ')
      .replace(/^\?\?\?:/, '');
    const address = /^0x([0-9a-f]+)/.exec(symbol);
    const code = address ? resolve(ranges, parseInt(address[1]!, 16)) : undefined;
    const kind = workKindOf(code?.name ?? symbol);
    const totals = breakdown.get(kind) ?? {};
    const counts = values.map((value) => (value === '.' ? 0 : Number(value.replaceAll(',', ''))));
    events.forEach((event, index) => (totals[event] = (totals[event] ?? 0) + counts[index]! / ops));
    // A function entered through several addresses is counted once.
    if (code !== undefined && counts[0]! >= ops && !codeRun.has(code)) {
      codeRun.add(code);
      totals[JIT_CODE_KB] = (totals[JIT_CODE_KB] ?? 0) + (code.end - code.start) / 1024;
      totals[JIT_FUNCTIONS] = (totals[JIT_FUNCTIONS] ?? 0) + 1;
    }
    breakdown.set(kind, totals);
  }
  return breakdown;
}
