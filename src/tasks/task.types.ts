/** Where a task stands; the last three are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL.has(status);
}

/** What a task keeps of its creator's credentials: enough for guards and `ctx.principal`, never the token. */
export interface TaskAuth {
  clientId: string;
  scopes: string[];
  expiresAt?: number;
  extra?: Record<string, unknown>;
}

/** A JSON-RPC error a task failed with. */
export interface TaskError {
  code: number;
  message: string;
  data?: unknown;
}

/** A question the task waits on: the request as the client sees it, and the handler's key for its answer. */
export interface TaskQuestion {
  /** The replay key the handler asked under; the wire key differs when this key was used before. */
  key: string;
  request: { method: string; params?: Record<string, unknown> };
}

/**
 * One task as the store keeps it (JSON). Its handler re-runs from `requestState`, the sealed state of the
 * call, with the answers collected since its last run.
 */
export interface TaskRecord {
  /** Random, 128 bits: unguessable. */
  id: string;
  /** The principal that created it, or null without authentication; only it may see the task. */
  owner: string | null;
  tool: string;
  arguments: Record<string, unknown>;
  status: TaskStatus;
  statusMessage?: string;
  /** Epoch ms. */
  createdAt: number;
  lastUpdatedAt: number;
  ttlMs: number;
  pollIntervalMs: number;
  /** The sealed state the next run opens. */
  requestState: string;
  /** Counts the runs queued; a job naming an older run is stale. */
  run: number;
  protocolVersion: string;
  clientCapabilities: Record<string, unknown>;
  auth?: TaskAuth;
  /** `traceparent` and `tracestate` of the creating request: every run's span joins its trace. */
  traceMeta?: Record<string, string>;
  /** Outstanding questions, by wire key (unique over the task's lifetime). */
  questions?: Record<string, TaskQuestion>;
  /** Answers received for the next run, by the handler's key. */
  answers?: Record<string, unknown>;
  /** Every wire key handed out so far. */
  usedKeys?: string[];
  result?: Record<string, unknown>;
  error?: TaskError;
  /** `tasks/cancel` arrived while a run was going on; the run stops at its next look. */
  cancelRequested?: boolean;
  /** Counts the writes since creation (absent: none), so a reader can tell a newer record from an older one. */
  revision?: number;
}

/** One queued run of a task. */
export interface TaskJob {
  taskId: string;
  run: number;
}
