// Reads callgrind's dumps: event names and totals, and the instructions spent inside V8's collector.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Instructions spent inside V8's collector: where a collection falls moves a count by a few percent. */
export const GC_EVENT = 'GcIr';
const GC_ENTRY = 'v8::internal::Heap::CollectGarbage(';

/** Events per operation (or in total): callgrind's event names, plus `GcIr`. */
export type EventCounts = Record<string, number>;

/** A callgrind dump with its event names and totals; the process's own dump is empty until it exits. */
export interface CountedDump {
  file: string;
  names: string[];
  values: string[];
}

/** Instructions inside `Heap::CollectGarbage` (inclusive), from callgrind_annotate's call-graph totals. */
function gcInstructionsIn(file: string): number {
  const listing = execFileSync(
    'callgrind_annotate',
    ['--inclusive=yes', '--threshold=100', '--show=Ir', file],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const line = listing.split('\n').find((entry) => entry.includes(GC_ENTRY));
  return line === undefined ? 0 : Number(/^\s*([\d,]+)/.exec(line)?.[1]?.replaceAll(',', '') ?? 0);
}

/** The dumps in `dir` (files named `callgrind.out*`) that hold totals. */
export function countedDumpsIn(dir: string): CountedDump[] {
  const dumps: CountedDump[] = [];
  for (const name of readdirSync(dir).filter((entry) => entry.startsWith('callgrind.out'))) {
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    const names = /^events: (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/);
    const values = /^(?:summary|totals): (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/);
    if (names && values) dumps.push({ file, names, values });
  }
  return dumps;
}

/** Totals of every event in the dumps. */
export function eventsIn(dumps: readonly CountedDump[]): EventCounts {
  const totals: EventCounts = {};
  for (const { file, names, values } of dumps) {
    names.forEach((name, index) => (totals[name] = (totals[name] ?? 0) + Number(values[index] ?? 0)));
    totals[GC_EVENT] = (totals[GC_EVENT] ?? 0) + gcInstructionsIn(file);
  }
  return totals;
}
