import { randomUUID } from 'node:crypto';
import type { Fleet } from '../../fleet/fleet.types.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import { ServerEventHub } from './server-event-hub.js';
import type { ServerEvent } from './server-event.js';

/** The fleet channel every replica's hub listens on. */
export const SERVER_EVENTS_CHANNEL = 'server-events';

/**
 * Server events for a fleet of replicas: an event published on one replica reaches the listeners of
 * every replica (`subscriptions/listen` streams, legacy sessions), through the fleet's bus. Listeners
 * here hear local events at once; the copy that comes back from the bus is skipped by its origin.
 */
export class FleetEventHub extends ServerEventHub {
  private readonly origin = randomUUID();
  private readonly stopListening: Promise<(() => void) | undefined>;

  constructor(
    private readonly fleet: Fleet,
    private readonly logger: ServerLogger,
  ) {
    super();
    this.stopListening = fleet.bus
      .subscribe(SERVER_EVENTS_CHANNEL, (text) => this.receive(text))
      .catch((error: unknown) => {
        logger.error('server events from other replicas will not be heard: the fleet bus failed', error);
        return undefined;
      });
  }

  /** Resolves once events of other replicas are heard here. */
  async ready(): Promise<void> {
    await this.stopListening;
  }

  override publish(event: ServerEvent): void {
    super.publish(event);
    this.fleet.bus
      .publish(SERVER_EVENTS_CHANNEL, JSON.stringify({ origin: this.origin, event }))
      .catch((error: unknown) =>
        this.logger.warn(`a server event did not reach the other replicas: ${String(error)}`),
      );
  }

  override close(): void {
    super.close();
    void this.stopListening.then((stop) => stop?.());
  }

  private receive(text: string): void {
    let parsed: { origin?: unknown; event?: ServerEvent };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.origin === this.origin || !isServerEvent(parsed.event)) return;
    super.publish(parsed.event);
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
