import type { OutboundNotification, RequestEnvironment } from '../../context/request-environment.js';
import { principalOf } from '../../context/principal.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { TaskStore } from '../../tasks/task.store.js';
import { isTerminal } from '../../tasks/task.types.js';
import type { ServerEventHub } from '../subscriptions/server-event-hub.js';
import type { TaskStatusSource } from '../subscriptions/task-status-source.js';
import { declaresTasks, missingExtension } from './tasks.handler.js';
import { detailedTask } from './task-wire.formatter.js';

/**
 * `notifications/tasks` for `subscriptions/listen`: reads the followed tasks from the task store as soon as
 * a change of one is heard (made here, or on another replica of a fleet), and every poll interval in case a
 * change went unheard, and sends the `DetailedTask` of each one that changed. A task stops being followed
 * once its terminal state is sent.
 */
export class TaskStatusFeed implements TaskStatusSource {
  constructor(
    private readonly tasks: TaskStore,
    private readonly pollMs: number,
    private readonly logger: ServerLogger,
    private readonly changes: ServerEventHub,
  ) {}

  async honour(taskIds: readonly string[], environment: RequestEnvironment): Promise<string[]> {
    if (!declaresTasks(environment.clientCapabilities)) throw missingExtension();
    const owner = principalOf(environment.authInfo) ?? null;
    const records = await Promise.all([...new Set(taskIds)].map((id) => this.tasks.get(id)));
    // Another principal's task, like one that does not exist, is simply not in the acknowledgement.
    return records.filter((record) => record?.owner === owner).map((record) => record!.id);
  }

  follow(taskIds: readonly string[], send: (notification: OutboundNotification) => void): () => void {
    const followed = new Set(taskIds);
    const seen = new Map<string, string>();
    let looking = false;
    let lookAgain = false;
    const look = async (): Promise<void> => {
      if (looking) {
        lookAgain = true;
        return;
      }
      looking = true;
      lookAgain = false;
      try {
        for (const id of [...followed]) {
          const record = await this.tasks.get(id);
          if (record === undefined) {
            followed.delete(id);
            continue;
          }
          const state = `${record.lastUpdatedAt}|${record.status}|${record.statusMessage ?? ''}`;
          if (seen.get(id) !== state && followed.has(id)) {
            seen.set(id, state);
            send({ method: 'notifications/tasks', params: detailedTask(record) });
          }
          if (isTerminal(record.status)) followed.delete(id);
        }
      } catch (error) {
        this.logger.warn(`could not read followed tasks: ${String(error)}`);
      } finally {
        looking = false;
      }
      if (followed.size === 0) stop();
      else if (lookAgain) void look();
    };
    const timer = setInterval(() => void look(), this.pollMs);
    timer.unref();
    const stopHearing = this.changes.subscribeTaskChanges((taskId) => {
      if (followed.has(taskId)) void look();
    });
    const stop = (): void => {
      clearInterval(timer);
      stopHearing();
    };
    void look();
    return () => {
      followed.clear();
      stop();
    };
  }
}
