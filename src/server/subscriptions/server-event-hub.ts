import type { ServerEvent } from './server-event.js';

export type ServerEventListener = (event: ServerEvent) => void;

/**
 * In-process fan-out of server events to whoever listens: modern `subscriptions/listen` streams and
 * legacy sessions. It also tells long-lived listeners when the app shuts down, so they can end cleanly.
 */
export class ServerEventHub {
  private readonly listeners = new Set<ServerEventListener>();
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
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A listener owns its own failures (a closed stream, a gone session).
      }
    }
  }

  close(): void {
    this.shutdown.abort();
    this.listeners.clear();
  }
}
