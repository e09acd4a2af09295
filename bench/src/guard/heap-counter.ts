// The live heap after a fixed load, and the heap objects each operation leaves alive: V8's own counts
// after a full collection, on a fresh server process per workload (no valgrind: nothing here is timed).
import { startCountedServer, WorkloadClient } from './counted-server.js';

export interface HeapCount {
  /** `used_heap_size` after the load and a full collection. */
  liveHeapBytes: number;
  /** Heap snapshot nodes after the load minus before it, per operation. */
  keptObjectsPerOp: number;
}

/** Warms the workload up, counts the heap's objects, runs `load` more operations, counts again. */
export async function countHeap(
  name: string,
  script: string,
  workload: string,
  warmup: number,
  load: number,
): Promise<HeapCount> {
  const server = await startCountedServer(name, script);
  let client: WorkloadClient | undefined;
  try {
    client = await WorkloadClient.open(server, workload);
    await client.run(warmup);
    // The first snapshot leaves its own garbage behind; the two compared ones each follow another.
    await server.liveHeap(true);
    const before = await server.liveHeap(true);
    // The same connections and sessions: objects kept are the operations', not new clients'.
    await client.run(load);
    const after = await server.liveHeap(true);
    return {
      liveHeapBytes: after.usedHeapBytes,
      keptObjectsPerOp: (after.heapObjects - before.heapObjects) / load,
    };
  } finally {
    client?.close();
    await server.stop();
  }
}
