/**
 * What a round ends with when its handler called `ctx.continueAsTask()` and asked nothing more: the call's
 * sealed state, for the task that takes the call over. Never a wire result: the Tasks handler that allowed
 * the task to start turns it into the task.
 */
export interface TaskStart {
  readonly requestState: string;
}

const taskStarts = new WeakSet<object>();

export function markTaskStart(requestState: string): TaskStart {
  const start = { requestState };
  taskStarts.add(start);
  return start;
}

/** Whether `result` is a round's {@link TaskStart}. */
export function isTaskStart(result: unknown): result is TaskStart {
  return typeof result === 'object' && result !== null && taskStarts.has(result);
}
