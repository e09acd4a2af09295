import type { OutboundNotification } from '../../context/request-environment.js';

export interface UrlElicitationRegistryOptions {
  /** How long an elicitationId can still be completed. Default 10 minutes, like a legacy wait. */
  ttlMs?: number;
  /** Ids remembered at most; the oldest go first. Default 10,000. */
  maxEntries?: number;
  now?: () => number;
}

/** The session a URL-mode `elicitationId` went to, as far as completing it needs. */
export interface UrlCompletionTarget {
  readonly isOpen: boolean;
  /** Whether the client negotiated URL mode, and so can be told an id completed. */
  acceptsUrlCompletion(): boolean;
  notify(notification: OutboundNotification): Promise<void>;
}

interface Pending {
  target: UrlCompletionTarget;
  expiresAt: number;
}

/**
 * Which legacy session each URL-mode `elicitationId` went to, so the app can send
 * `notifications/elicitation/complete` when the out-of-band step finishes, typically in a webhook long
 * after the call ended with the URL-elicitation-required error. The notification goes only to the client that got the id.
 */
export class UrlElicitationRegistry {
  private readonly pending = new Map<string, Pending>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: UrlElicitationRegistryOptions = {}) {
    this.ttlMs = options.ttlMs ?? 600_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Records that `target`'s client was sent `elicitationId`, if that client can be told it completed. */
  remember(elicitationId: string, target: UrlCompletionTarget): void {
    if (!target.acceptsUrlCompletion()) return;
    this.pending.delete(elicitationId);
    if (this.pending.size >= this.maxEntries) this.pending.delete(this.pending.keys().next().value!);
    this.pending.set(elicitationId, { target, expiresAt: this.now() + this.ttlMs });
  }

  /**
   * Sends `notifications/elicitation/complete` to the client that got `elicitationId`, once. False when
   * the id is unknown, expired, already completed, or its session is gone.
   */
  async complete(elicitationId: string): Promise<boolean> {
    const pending = this.pending.get(elicitationId);
    if (pending === undefined) return false;
    this.pending.delete(elicitationId);
    if (this.now() >= pending.expiresAt || !pending.target.isOpen) return false;
    try {
      await pending.target.notify(elicitationComplete(elicitationId));
      return true;
    } catch {
      return false;
    }
  }
}

/** The `notifications/elicitation/complete` message for one id. */
export function elicitationComplete(elicitationId: string): {
  method: 'notifications/elicitation/complete';
  params: { elicitationId: string };
} {
  return { method: 'notifications/elicitation/complete', params: { elicitationId } };
}
