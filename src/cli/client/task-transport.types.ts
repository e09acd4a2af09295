/** A JSON-RPC reply as the task runner reads it. */
export interface TaskReply {
  result?: Record<string, unknown>;
  error?: { code?: number; message?: string };
}

/** Carries the task runner's requests to a 2026-07-28 server: over HTTP, or to a stdio server it started. */
export interface TaskTransport {
  /** Sends one request and resolves to its reply; `name` is what `Mcp-Name` carries over HTTP. */
  exchange(message: Record<string, unknown>, method: string, name: string): Promise<TaskReply>;
  close(): Promise<void>;
}
