import type { Client, SubscriptionFilter } from '@modelcontextprotocol/client';

/**
 * Follows a task with the official client, on a connection whose capabilities declare the Tasks extension:
 * every `notifications/tasks` carries the task as `tasks/get` would return it. Resolves with the final one.
 */
export async function followTask(client: Client, taskId: string): Promise<Record<string, unknown>> {
  const finished = new Promise<Record<string, unknown>>((resolve) => {
    client.fallbackNotificationHandler = (notification) => {
      const task = notification.params as Record<string, unknown>;
      const ended = ['completed', 'failed', 'cancelled'].includes(task.status as string);
      if (notification.method === 'notifications/tasks' && task.taskId === taskId && ended) resolve(task);
      return Promise.resolve();
    };
  });
  // `taskIds` is the extension's part of the filter, which this client version does not type yet.
  const subscription = await client.listen({ taskIds: [taskId] } as SubscriptionFilter);
  try {
    return await finished;
  } finally {
    await subscription.close();
  }
}
