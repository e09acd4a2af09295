import { randomUUID } from 'node:crypto';
import type { Fleet } from '../../fleet/fleet.types.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { TaskRecord } from '../../tasks/task.types.js';
import { ServerEventHub } from './server-event-hub.js';
import type { ServerEvent } from './server-event.js';

/** The fleet channel every replica's hub listens on. */
export const SERVER_EVENTS_CHANNEL = 'server-events';

/** How long a hub waits before it tries again to listen, when the fleet could not be reached. */
export const RELISTEN_DELAY_MS = 1_000;

/**
 * Server events for a fleet of replicas: an event published on one replica reaches the listeners of
 * every replica (`subscriptions/listen` streams, legacy sessions), through the fleet's bus, and so does
 * a task change, so a change made on one replica wakes the followers of the task on all of them.
 * Listeners here hear local events at once; the copy that comes back from the bus is skipped by its origin.
 */
export class FleetEventHub extends ServerEventHub {
  private readonly origin = randomUUID();
  private stopListening: Promise<(() => void) | undefined>;
  private retry: NodeJS.Timeout | undefined;
  private failing = false;

  constructor(
    private readonly fleet: Fleet,
    private readonly logger: ServerLogger,
  ) {
    super();
    this.stopListening = this.listen();
  }

  /** Resolves once the first try to hear other replicas settled (when the fleet is up, they are heard). */
  async ready(): Promise<void> {
    await this.stopListening;
  }

  /** Listens on the fleet's channel; tries again while the fleet cannot be reached, logging once. */
  private listen(): Promise<(() => void) | undefined> {
    return this.fleet.bus
      .subscribe(SERVER_EVENTS_CHANNEL, (text) => this.receive(text))
      .then(
        (stop) => {
          if (this.failing) this.logger.info('server events from other replicas are heard again');
          this.failing = false;
          return stop;
        },
        (error: unknown) => {
          if (!this.failing) {
            this.failing = true;
            this.logger.error(
              'server events from other replicas are not heard: the fleet bus failed; retrying',
              error,
            );
          }
          if (!this.closing.aborted) {
            this.retry = setTimeout(() => {
              this.stopListening = this.listen();
            }, RELISTEN_DELAY_MS).unref();
          }
          return undefined;
        },
      );
  }

  override publish(event: ServerEvent): void {
    super.publish(event);
    this.share({ event }, 'a server event');
  }

  /** The other replicas get the id only: each reads the record from the shared task store. */
  override announceTaskChange(taskId: string, record?: TaskRecord): void {
    super.announceTaskChange(taskId, record);
    this.share({ task: taskId }, `the change of task ${taskId}`);
  }

  private share(body: { event: ServerEvent } | { task: string }, what: string): void {
    this.fleet.bus
      .publish(SERVER_EVENTS_CHANNEL, JSON.stringify({ origin: this.origin, ...body }))
      .catch((error: unknown) =>
        this.logger.warn(`${what} did not reach the other replicas: ${String(error)}`),
      );
  }

  override close(): void {
    super.close();
    clearTimeout(this.retry);
    void this.stopListening.then((stop) => stop?.());
  }

  private receive(text: string): void {
    let parsed: { origin?: unknown; event?: ServerEvent; task?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.origin === this.origin) return;
    if (typeof parsed.task === 'string') super.announceTaskChange(parsed.task);
    else if (isServerEvent(parsed.event)) super.publish(parsed.event);
  }
}

function isServerEvent(value: unknown): value is ServerEvent {
  const event = value as Partial<Record<string, unknown>> | undefined;
  if (event?.type === 'resource_updated') return typeof event.uri === 'string';
  return (
    event?.type === 'list_changed' &&
    (event.list === 'tools' || event.list === 'prompts' || event.list === 'resources')
  );
}
