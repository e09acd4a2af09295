/** What the reliability parent asks of a server child over IPC. */
export type ParentRequest = { type: 'memory'; id: number } | { type: 'stop' };

/** The child's heap after full garbage collection, and what its logger saw. */
export interface MemoryReport {
  heapUsed: number;
  rss: number;
  legacySessions: number;
  warnings: string[];
  errors: number;
  /** Each distinct error line with how often it was logged. */
  errorLines: Record<string, number>;
}

/** What a server child reports back. */
export type ChildReport =
  | { type: 'ready'; url: string }
  | { type: 'failed'; message: string }
  | { type: 'memory'; id: number; report: MemoryReport };
