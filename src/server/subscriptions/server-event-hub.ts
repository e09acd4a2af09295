import type { TaskRecord } from '../../tasks/task.types.js';
import type { ServerEvent } from './server-event.js';

export type ServerEventListener = (event: ServerEvent) => void;

/**
 * Hears the id of a task whose record changed, with the record as stored when the change was made here
 * (a change heard from another replica comes without it: the follower reads it from the task store).
 */
export type TaskChangeListener = (taskId: string, record?: TaskRecord) => void;

/**
 * In-process fan-out of server events to whoever listens: modern `subscriptions/listen` streams and
 * legacy sessions. It also tells long-lived listeners when the app shuts down, so they can end cleanly.
 */
export class ServerEventHub {
  private readonly listeners = new Set<ServerEventListener>();
  private readonly taskListeners = new Set<TaskChangeListener>();
  private readonly shutdown = new AbortController();

  /** Aborted when the app closes. */
  get closing(): AbortSignal {
    return this.shutdown.signal;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Adds a listener; the returned function removes it. */
  subscribe(listener: ServerEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Delivers to every listener; one failing listener never stops the others. */
  publish(event: ServerEvent): void {
    deliverToEach(this.listeners, event);
  }

  /**
   * Tells whoever follows tasks here (status feeds, 2025 sessions, the runs) that a task's record changed.
   * Clients never hear this event itself.
   */
  announceTaskChange(taskId: string, record?: TaskRecord): void {
    deliverToEach(this.taskListeners, taskId, record);
  }

  /** Adds a follower of task changes; the returned function removes it. */
  subscribeTaskChanges(listener: TaskChangeListener): () => void {
    this.taskListeners.add(listener);
    return () => this.taskListeners.delete(listener);
  }

  close(): void {
    this.shutdown.abort();
    this.listeners.clear();
    this.taskListeners.clear();
  }
}

function deliverToEach<A extends unknown[]>(listeners: ReadonlySet<(...args: A) => void>, ...args: A): void {
  for (const listener of [...listeners]) {
    try {
      listener(...args);
    } catch {
      // A listener owns its own failures (a closed stream, a gone session).
    }
  }
}
