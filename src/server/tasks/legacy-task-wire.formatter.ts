import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import type { TaskRecord, TaskStatus } from '../../tasks/task.types.js';

/** The `_meta` key that ties a message to its task on 2025-11-25. */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

/** `{ [RELATED_TASK_META]: { taskId } }`, for a message's `_meta`. */
export function relatedTaskMeta(taskId: string): Record<string, unknown> {
  return { [RELATED_TASK_META]: { taskId } };
}

/**
 * The status as 2025-11-25 names it: a tool call whose result is an error result (`isError`) failed, where
 * the Tasks extension calls it completed with that result.
 */
function statusOf(record: TaskRecord): TaskStatus {
  return record.status === 'completed' && record.result?.isError === true ? 'failed' : record.status;
}

/** `Task` on 2025-11-25: what `tasks/get`, `tasks/cancel`, `tasks/list` and the status notification carry. */
export function legacyTask(record: TaskRecord): Record<string, unknown> {
  const task: Record<string, unknown> = { taskId: record.id, status: statusOf(record) };
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage;
  task.createdAt = new Date(record.createdAt).toISOString();
  task.lastUpdatedAt = new Date(record.lastUpdatedAt).toISOString();
  task.ttl = record.ttlMs;
  task.pollInterval = record.pollIntervalMs;
  return task;
}

/** `CreateTaskResult` on 2025-11-25, answered to the task-augmented `tools/call`. */
export function legacyCreateTaskResult(record: TaskRecord): Record<string, unknown> {
  return { task: legacyTask(record) };
}

/**
 * What `tasks/result` answers for a terminal task: exactly what the call would have answered, the tool's
 * `CallToolResult` with the related-task `_meta`, or its JSON-RPC error thrown.
 */
export function legacyTaskPayload(record: TaskRecord): Record<string, unknown> {
  if (record.status === 'failed') {
    const error = record.error ?? { code: JsonRpcErrorCode.InternalError, message: 'Internal error' };
    throw new McpProtocolError(error.code, error.message, error.data);
  }
  if (record.status === 'cancelled')
    throw new McpProtocolError(JsonRpcErrorCode.InvalidRequest, 'The task was cancelled', {
      taskId: record.id,
    });
  const { resultType: _final, _meta, ...result } = record.result ?? {};
  return Object.assign(result, { _meta: Object.assign({}, _meta, relatedTaskMeta(record.id)) });
}
