import type { OutboundNotification, RequestEnvironment } from '../../context/request-environment.js';
import { principalOf } from '../../context/principal.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { TaskStore } from '../../tasks/task.store.js';
import { isTerminal, type TaskRecord } from '../../tasks/task.types.js';
import type { ServerEventHub } from '../subscriptions/server-event-hub.js';
import type { TaskStatusSource } from '../subscriptions/task-status-source.js';
import { declaresTasks, missingExtension } from './tasks.handler.js';
import { detailedTask } from './task-wire.formatter.js';

/**
 * `notifications/tasks` for `subscriptions/listen`: sends the `DetailedTask` of a followed task as soon as a
 * change of it is heard (made here, or on another replica of a fleet), and reads every followed task each
 * poll interval in case a change went unheard. A task stops being followed once its terminal state is sent.
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
    /** What was last sent of each task; an older record read late (a newer one was sent) is not sent. */
    const seen = new Map<string, { revision: number; state: string }>();
    const report = (id: string, record: TaskRecord | undefined): void => {
      if (!followed.has(id)) return;
      if (record === undefined) {
        followed.delete(id);
        return;
      }
      const revision = record.revision ?? 0;
      const state = `${record.lastUpdatedAt}|${record.status}|${record.statusMessage ?? ''}`;
      const last = seen.get(id);
      if (last !== undefined && (revision < last.revision || state === last.state)) return;
      seen.set(id, { revision, state });
      send({ method: 'notifications/tasks', params: detailedTask(record) });
      if (isTerminal(record.status)) followed.delete(id);
    };
    const read = async (ids: readonly string[]): Promise<void> => {
      try {
        for (const id of ids) report(id, await this.tasks.get(id));
      } catch (error) {
        this.logger.warn(`could not read followed tasks: ${String(error)}`);
      }
      if (followed.size === 0) stop();
    };
    let polling = false;
    const poll = (): void => {
      if (polling) return;
      polling = true;
      void read([...followed]).finally(() => (polling = false));
    };
    const timer = setInterval(poll, this.pollMs);
    timer.unref();
    // A change made here comes with its record; one heard from another replica is read, that task alone.
    const stopHearing = this.changes.subscribeTaskChanges((taskId, record) => {
      if (!followed.has(taskId)) return;
      if (record === undefined) return void read([taskId]);
      report(taskId, record);
      if (followed.size === 0) stop();
    });
    const stop = (): void => {
      clearInterval(timer);
      stopHearing();
    };
    poll();
    return () => {
      followed.clear();
      stop();
    };
  }
}
