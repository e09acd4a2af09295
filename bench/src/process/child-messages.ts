// The IPC messages between the bench (parent) and a server child.

export interface ResourceSnapshot {
  /** `process.cpuUsage()` of the child, in microseconds. */
  userMicros: number;
  systemMicros: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** Space V8 holds for the young generation: it doubles under load when many objects survive its collections. */
  youngGenerationBytes: number;
}

/** The heap after a full collection (`gc()`, so the child needs `--expose-gc`): what is still alive. */
export interface LiveHeap {
  /** `used_heap_size` of `v8.getHeapStatistics()`. */
  usedHeapBytes: number;
  /** Nodes of a heap snapshot (V8's own count of live heap objects), when asked for; else 0. */
  heapObjects: number;
}

export type ParentMessage =
  { type: 'snapshot'; id: number } | { type: 'heap'; id: number; countObjects: boolean } | { type: 'stop' };

export type ChildMessage =
  | { type: 'ready'; port: number; facts: Record<string, number> }
  | { type: 'snapshot'; id: number; snapshot: ResourceSnapshot }
  | { type: 'heap'; id: number; heap: LiveHeap }
  | { type: 'failed'; message: string };
