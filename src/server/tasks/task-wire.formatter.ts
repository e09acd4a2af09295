import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import type { TaskRecord } from '../../tasks/task.types.js';

/** The `Task` fields every view of a task carries. */
function taskFields(record: TaskRecord): Record<string, unknown> {
  const task: Record<string, unknown> = { taskId: record.id, status: record.status };
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage;
  task.createdAt = new Date(record.createdAt).toISOString();
  task.lastUpdatedAt = new Date(record.lastUpdatedAt).toISOString();
  task.ttlMs = record.ttlMs;
  task.pollIntervalMs = record.pollIntervalMs;
  return task;
}

/** `CreateTaskResult`: the seed state of a task, answered to the `tools/call` that made it. */
export function createTaskResult(record: TaskRecord): Record<string, unknown> {
  return { resultType: 'task', ...taskFields(record) };
}

/** `DetailedTask`, as `tasks/get` answers: with the outstanding requests, the result or the error. */
export function detailedTask(record: TaskRecord): Record<string, unknown> {
  const task = taskFields(record);
  if (record.status === 'input_required') {
    const inputRequests: Record<string, unknown> = {};
    for (const [key, question] of Object.entries(record.questions ?? {}))
      inputRequests[key] = question.request;
    task.inputRequests = inputRequests;
  } else if (record.status === 'completed') task.result = record.result ?? {};
  else if (record.status === 'failed')
    task.error = record.error ?? { code: JsonRpcErrorCode.InternalError, message: 'Internal error' };
  return task;
}
