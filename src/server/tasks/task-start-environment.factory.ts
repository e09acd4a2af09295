import type { RequestEnvironment } from '../../context/request-environment.js';

/**
 * Lets the call become a task where its handler calls `ctx.continueAsTask()`: the request's own environment,
 * marked so (it belongs to this request alone), with the task's lifetime for the state the task opens.
 */
export function allowTaskStart(environment: RequestEnvironment, taskTtlMs: number): RequestEnvironment {
  environment.taskStart = { stateTtlMs: taskTtlMs };
  return environment;
}
