// The live heap of this process after a full collection, read with V8's own numbers.
import { getHeapSnapshot, getHeapStatistics } from 'node:v8';
import type { LiveHeap } from './child-messages.js';

/** The snapshot's header names its node count before any node; a few KB in. */
const NODE_COUNT = /"node_count":(\d+)/;

/** Reads the node count from the start of a heap snapshot, then drops the rest of it unread. */
async function heapSnapshotNodes(): Promise<number> {
  const stream = getHeapSnapshot();
  let head = '';
  try {
    for await (const chunk of stream) {
      head += String(chunk);
      const match = NODE_COUNT.exec(head);
      if (match) return Number(match[1]);
    }
  } finally {
    stream.destroy();
  }
  throw new Error('the heap snapshot has no node_count');
}

/** Collects garbage (the process needs `--expose-gc`), then reads what is still alive. */
export async function readLiveHeap(countObjects: boolean): Promise<LiveHeap> {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error('reading the live heap needs node --expose-gc');
  collect();
  // A second collection frees what the first only unlinked (weak references, finalizers).
  collect();
  return {
    usedHeapBytes: getHeapStatistics().used_heap_size,
    heapObjects: countObjects ? await heapSnapshotNodes() : 0,
  };
}
