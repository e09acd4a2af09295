// Reads V8's `--trace-gc-nvp` lines: one line a collection, as `name=value` pairs.

export interface GcTraceSummary {
  scavenges: number;
  /** Mark-compacts, including the memory-reducing ones. */
  fullCollections: number;
  /** Bytes allocated in the young generation between two scavenges, on average: how large it has grown. */
  allocatedPerScavenge: number;
  /** Bytes a scavenge copied within the young generation (objects that survived it once), on average. */
  survivedPerScavenge: number;
  /** Bytes moved to the old generation in all scavenges: objects that lived through two of them. */
  promotedBytes: number;
  /** Main-thread pause of every collection, and the work V8 did for them on its helper threads, in ms. */
  pauseMs: number;
  helperMs: number;
}

/** The fields of one trace line, or undefined for a line that is not one. */
function fieldsOf(line: string): Map<string, string> | undefined {
  if (!line.includes(' gc=')) return undefined;
  const fields = new Map<string, string>();
  for (const pair of line.matchAll(/(\S+)=(\S+)/g)) fields.set(pair[1]!, pair[2]!);
  return fields;
}

const numberOf = (fields: Map<string, string>, name: string): number => Number(fields.get(name) ?? 0) || 0;

export function summariseGcTrace(lines: readonly string[]): GcTraceSummary {
  const summary: GcTraceSummary = {
    scavenges: 0,
    fullCollections: 0,
    allocatedPerScavenge: 0,
    survivedPerScavenge: 0,
    promotedBytes: 0,
    pauseMs: 0,
    helperMs: 0,
  };
  let allocated = 0;
  let survived = 0;
  for (const line of lines) {
    const fields = fieldsOf(line);
    if (!fields) continue;
    summary.pauseMs += numberOf(fields, 'pause');
    for (const [name, value] of fields)
      if (name.startsWith('background.')) summary.helperMs += Number(value) || 0;
    if (fields.get('gc') !== 's') {
      summary.fullCollections += 1;
      continue;
    }
    summary.scavenges += 1;
    allocated += numberOf(fields, 'allocated');
    survived += numberOf(fields, 'new_space_survived');
    summary.promotedBytes += numberOf(fields, 'promoted');
  }
  if (summary.scavenges > 0) {
    summary.allocatedPerScavenge = allocated / summary.scavenges;
    summary.survivedPerScavenge = survived / summary.scavenges;
  }
  return summary;
}
