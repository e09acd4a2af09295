import type { OutboundNotification, RequestEnvironment } from '../../context/request-environment.js';

/** Where a `subscriptions/listen` stream gets `notifications/tasks` for the task ids it asked for. */
export interface TaskStatusSource {
  /**
   * Refuses a request that does not declare the Tasks extension (-32021); resolves to the ids the caller may
   * follow (its own live tasks), which the acknowledgement reports.
   */
  honour(taskIds: readonly string[], environment: RequestEnvironment): Promise<string[]>;
  /** Sends each task's current state, then each change, until the returned function is called. */
  follow(taskIds: readonly string[], send: (notification: OutboundNotification) => void): () => void;
}
