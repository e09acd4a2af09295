// The baseline the guard holds the hot path to: a file in the repository, updated on purpose with a reason.
import { readFileSync, writeFileSync } from 'node:fs';
import type { GuardFigures } from './guard-measurement.js';

/** A ratio may grow by this much over its baseline before the guard fails. */
export const ALLOWED_GROWTH = 0.05;
/**
 * Objects kept per operation are compared with this much slack on top of the 5%: a heap snapshot's node
 * count moves by a few dozen nodes between runs, whatever the load, which is a fraction of an object per
 * operation over the fixed load.
 */
export const KEPT_OBJECTS_SLACK = 0.5;

export interface GuardBaseline {
  /** Why the figures are what they are: the change that last moved them on purpose. */
  reason: string;
  recorded: string;
  node: string;
  operations: GuardFigures;
}

export function readBaseline(file: string): GuardBaseline | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as GuardBaseline;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function writeBaseline(file: string, figures: GuardFigures, reason: string): void {
  const baseline: GuardBaseline = {
    reason,
    recorded: new Date().toISOString().slice(0, 10),
    node: process.version,
    operations: figures,
  };
  writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}

/** One figure of one operation that grew past what the baseline allows, or that has no baseline. */
export interface GuardFailure {
  operation: string;
  message: string;
}

const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(2);
const percent = (now: number, before: number): string => `${(((now - before) / before) * 100).toFixed(1)}%`;

/** Every guarded figure that grew past its allowance, as a sentence saying what, by how much, and the limit. */
export function failuresAgainst(baseline: GuardBaseline | undefined, figures: GuardFigures): GuardFailure[] {
  const failures: GuardFailure[] = [];
  for (const [operation, now] of Object.entries(figures)) {
    const before = baseline?.operations[operation];
    if (before === undefined) {
      failures.push({ operation, message: 'no baseline for this operation' });
      continue;
    }
    const ratio = now.instructions.ratio;
    const ratioBefore = before.instructions.ratio;
    if (ratio > ratioBefore * (1 + ALLOWED_GROWTH))
      failures.push({
        operation,
        message: `instructions per op vs bare grew from ${ratioBefore.toFixed(3)}× to ${ratio.toFixed(3)}× (+${percent(ratio, ratioBefore)}; the limit is +${ALLOWED_GROWTH * 100}%)`,
      });
    // Elicitor's own bytes, not the ratio: bare's live heap is a third of it and moved by 5% between
    // two runs of the same build, where Elicitor's moved by under 0.5%.
    const heap = now.liveHeap.bytes;
    const heapBefore = before.liveHeap.bytes;
    if (heap > heapBefore * (1 + ALLOWED_GROWTH))
      failures.push({
        operation,
        message: `live heap after the load grew from ${mib(heapBefore)} to ${mib(heap)} MiB (+${percent(heap, heapBefore)}; the limit is +${ALLOWED_GROWTH * 100}%)`,
      });
    const kept = now.keptObjectsPerOp.elicitor;
    const keptBefore = before.keptObjectsPerOp.elicitor;
    if (kept > keptBefore * (1 + ALLOWED_GROWTH) + KEPT_OBJECTS_SLACK)
      failures.push({
        operation,
        message: `heap objects kept per op grew from ${keptBefore.toFixed(2)} to ${kept.toFixed(2)} (the limit is ${(keptBefore * (1 + ALLOWED_GROWTH) + KEPT_OBJECTS_SLACK).toFixed(2)})`,
      });
  }
  return failures;
}
