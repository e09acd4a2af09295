import { readFileSync } from 'node:fs';

export interface CoreTimes {
  busy: number;
  total: number;
}

/** Busy and total time of one core from /proc/stat (clock ticks); undefined where /proc is missing. */
export function readCoreTimes(core: number | undefined): CoreTimes | undefined {
  if (core === undefined) return undefined;
  try {
    const line = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`cpu${core} `));
    if (!line) return undefined;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return undefined;
  }
}

/** How busy the core was between two readings, in %. */
export function busyPercent(before: CoreTimes | undefined, after: CoreTimes | undefined): number {
  if (!before || !after || after.total === before.total) return NaN;
  return ((after.busy - before.busy) / (after.total - before.total)) * 100;
}
