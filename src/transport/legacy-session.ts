import type { Server } from '@modelcontextprotocol/server';
import type { Clock } from '../shared/clock.js';

/**
 * How a handler tells a legacy session it is in use: `begin()` when it hands a request to the session's
 * transport, `end()` once that response is over (sent, or the client went away). A session with a
 * response open (a GET stream, say) is never idle, however long it stays quiet.
 */
export interface LegacySessionActivity {
  begin(): void;
  end(): void;
}

/** One legacy session: its SDK server and transport, and how busy and how recently used it is. */
export class LegacySession<T> implements LegacySessionActivity {
  private openRequests = 0;
  private lastActivityMs: number;

  constructor(
    readonly server: Server,
    readonly transport: T,
    private readonly clock: Clock,
    /** Called each time the last open response ends. */
    private readonly onQuiet: () => void,
  ) {
    this.lastActivityMs = clock.now();
  }

  begin(): void {
    this.openRequests++;
    this.lastActivityMs = this.clock.now();
  }

  end(): void {
    this.openRequests--;
    this.lastActivityMs = this.clock.now();
    if (this.openRequests === 0) this.onQuiet();
  }

  /** Whether nothing is open and nothing happened for `idleTimeoutMs`. */
  isIdle(now: number, idleTimeoutMs: number): boolean {
    return this.openRequests === 0 && now - this.lastActivityMs >= idleTimeoutMs;
  }
}
