// One run of the guard: every guarded operation counted on Elicitor's server and bare's, in the same run.
import type { GuardedOperation } from './guarded-operations.js';
import { BARE_SERVER } from './guarded-operations.js';
import { countHeap, type HeapCount } from './heap-counter.js';
import { countInstructions, type CountPlan, type InstructionCount } from './instruction-counter.js';

/** What the guard compares for one operation; bare's figures are kept beside it for the reader. */
export interface OperationFigures {
  instructions: { perOp: number; gcPerOp: number; barePerOp: number; ratio: number };
  liveHeap: { bytes: number; bareBytes: number; ratio: number };
  keptObjectsPerOp: { elicitor: number; bare: number };
}

export type GuardFigures = Record<string, OperationFigures>;

/** The plans for one server script, in the order the entries name them, each workload once. */
function plansFor(entries: readonly { workload: string; warmup: number; counted: number }[]): CountPlan[] {
  const plans = new Map<string, CountPlan>();
  for (const { workload, warmup, counted } of entries)
    if (!plans.has(workload)) plans.set(workload, { workload, warmup, counted });
  return [...plans.values()];
}

export async function measureGuardedOperations(
  operations: readonly GuardedOperation[],
  log: (line: string) => void,
): Promise<GuardFigures> {
  const bareCounts = await countInstructions(
    'bare',
    BARE_SERVER,
    plansFor(operations.map((op) => ({ ...op, workload: op.bare }))),
    log,
  );
  const counts = new Map<string, InstructionCount>();
  for (const script of new Set(operations.map((op) => op.server))) {
    const onScript = operations.filter((op) => op.server === script);
    const before = onScript.flatMap((op) => (op.countedAfter ? [op.countedAfter] : []));
    const perWorkload = await countInstructions('elicitor', script, plansFor([...before, ...onScript]), log);
    for (const op of onScript) counts.set(op.name, perWorkload.get(op.workload)!);
  }

  const bareHeaps = new Map<string, HeapCount>();
  const figures: GuardFigures = {};
  for (const op of operations) {
    let bareHeap = bareHeaps.get(op.bare);
    if (bareHeap === undefined) {
      bareHeap = await countHeap('bare', BARE_SERVER, op.bare, op.warmup, op.warmup);
      bareHeaps.set(op.bare, bareHeap);
    }
    const heap = await countHeap('elicitor', op.server, op.workload, op.warmup, op.warmup);
    log(
      `${op.name}: live heap ${(heap.liveHeapBytes / 2 ** 20).toFixed(2)} MiB, ${heap.keptObjectsPerOp.toFixed(2)} objects kept/op`,
    );
    const count = counts.get(op.name)!;
    const barePerOp = bareCounts.get(op.bare)!.perOp;
    figures[op.name] = {
      instructions: { ...count, barePerOp, ratio: count.perOp / barePerOp },
      liveHeap: {
        bytes: heap.liveHeapBytes,
        bareBytes: bareHeap.liveHeapBytes,
        ratio: heap.liveHeapBytes / bareHeap.liveHeapBytes,
      },
      keptObjectsPerOp: { elicitor: heap.keptObjectsPerOp, bare: bareHeap.keptObjectsPerOp },
    };
  }
  return figures;
}
