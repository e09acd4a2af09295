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

export type ParentMessage = { type: 'snapshot'; id: number } | { type: 'stop' };

export type ChildMessage =
  | { type: 'ready'; port: number; facts: Record<string, number> }
  | { type: 'snapshot'; id: number; snapshot: ResourceSnapshot }
  | { type: 'failed'; message: string };
