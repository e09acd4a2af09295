import { flatRandomUUID } from '../../shared/flat-random-uuid.js';
import type { OutboundNotification } from '../../context/request-environment.js';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import type { FleetRecords } from '../../fleet/fleet.types.js';
import type { ServerLogger } from '../../shared/server-logger.js';

export interface UrlElicitationRegistryOptions {
  /** How long an elicitationId can still be completed. Default 10 minutes, like a legacy wait. */
  ttlMs?: number;
  /** Ids remembered at most; the oldest go first. Default 10,000. */
  maxEntries?: number;
  now?: () => number;
  /** Set when replicas share a fleet: each id's session is recorded there, so any replica completes it. */
  fleet?: FleetRecords;
  logger?: ServerLogger;
}

/** The session a URL-mode `elicitationId` went to, as far as completing it needs. */
export interface UrlCompletionTarget {
  readonly isOpen: boolean;
  /** Whether the client negotiated URL mode, and so can be told an id completed. */
  acceptsUrlCompletion(): boolean;
  notify(notification: OutboundNotification): Promise<void>;
  /** Set when replicas share the session through a fleet: the id any of them reaches it by. */
  readonly fleetSessionId?: string | undefined;
}

/** How a replica reaches a fleet session: its copy here, taken up from the fleet if need be; undefined when gone. */
export type FleetSessionReach = (sessionId: string) => Promise<UrlCompletionTarget | undefined>;

interface Pending {
  target: UrlCompletionTarget;
  expiresAt: number;
}

const silent: ServerLogger = { info() {}, warn() {}, error() {} };

/** The fleet record of one id (its session) and the lease that lets one replica complete it. */
function urlElicitationKey(elicitationId: string): string {
  return `url-elicitation:${elicitationId}`;
}

/**
 * Which legacy session each URL-mode `elicitationId` went to, so the app can send
 * `notifications/elicitation/complete` when the out-of-band step finishes, typically in a webhook long
 * after the call ended with the URL-elicitation-required error. The notification goes only to the client
 * that got the id. With a fleet, the id's session is recorded there too: the webhook may reach any
 * replica, and a lease on the id lets exactly one of them send it.
 */
export class UrlElicitationRegistry {
  private readonly pending = new Map<string, Pending>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly fleet: FleetRecords | undefined;
  private readonly logger: ServerLogger;
  private readonly reaches = new Set<FleetSessionReach>();

  constructor(options: UrlElicitationRegistryOptions = {}) {
    this.ttlMs = options.ttlMs ?? 600_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
    this.fleet = options.fleet;
    this.logger = options.logger ?? silent;
  }

  /** Records that `target`'s client was sent `elicitationId`, if that client can be told it completed. */
  remember(elicitationId: string, target: UrlCompletionTarget): void {
    if (!target.acceptsUrlCompletion()) return;
    this.pending.delete(elicitationId);
    if (this.pending.size >= this.maxEntries) this.pending.delete(this.pending.keys().next().value!);
    this.pending.set(elicitationId, { target, expiresAt: this.now() + this.ttlMs });
    const sessionId = target.fleetSessionId;
    if (this.fleet && sessionId !== undefined) {
      this.fleet
        .put(urlElicitationKey(elicitationId), { session: sessionId }, this.ttlMs)
        .catch((error: unknown) =>
          this.logger.warn(
            `could not record a URL elicitation in the fleet; only this replica can complete it: ${String(error)}`,
          ),
        );
    }
  }

  /**
   * With a fleet: how this replica reaches sessions it may not hold (an HTTP endpoint's sessions), to
   * complete an id another replica remembered. The function returned stops that.
   */
  reachSessionsThrough(reach: FleetSessionReach): () => void {
    this.reaches.add(reach);
    return () => void this.reaches.delete(reach);
  }

  /**
   * Sends `notifications/elicitation/complete` to the client that got `elicitationId`, once. False when
   * the id is unknown, expired, already completed, or its session is gone. With a fleet, rejects when
   * the fleet cannot be reached (a retry may then send it).
   */
  async complete(elicitationId: string): Promise<boolean> {
    const pending = this.pending.get(elicitationId);
    if (this.fleet) return this.completeInFleet(this.fleet, elicitationId, pending);
    if (pending === undefined) return false;
    this.pending.delete(elicitationId);
    if (this.now() >= pending.expiresAt || !pending.target.isOpen) return false;
    return deliver(elicitationId, pending.target);
  }

  /**
   * The target remembered here if its copy is still open, else the session the fleet recorded, reached
   * from here. The lease on the id goes to one replica only, so racing webhooks notify once.
   */
  private async completeInFleet(
    fleet: FleetRecords,
    elicitationId: string,
    pending: Pending | undefined,
  ): Promise<boolean> {
    if (pending !== undefined) {
      this.pending.delete(elicitationId);
      if (this.now() >= pending.expiresAt) return false;
    }
    const key = urlElicitationKey(elicitationId);
    const local = pending?.target.isOpen ? pending.target : undefined;
    let sessionId: string | undefined;
    if (local === undefined) {
      sessionId = (await fleet.read(key))?.session;
      if (sessionId === undefined) return false;
      if (this.reaches.size === 0) {
        this.logger.warn(
          'completeElicitation: this replica serves no HTTP endpoint to reach the session from',
        );
        return false;
      }
    }
    const attempt = flatRandomUUID();
    if (!(await fleet.claim(key, attempt, this.ttlMs))) return false;
    try {
      const target = local ?? (await this.reach(sessionId!));
      if (!target?.isOpen) {
        await fleet.drop(key);
        return false;
      }
      await target.notify(elicitationComplete(elicitationId));
    } catch (error) {
      // Not sent: the lease goes, so a retry (a webhook delivered again) can still send it.
      await fleet.release(key, attempt).catch(() => undefined);
      if (error instanceof StoreUnavailableError) throw error;
      return false;
    }
    // The record goes; the lease stays until the TTL, so every later attempt is refused.
    await fleet.drop(key).catch(() => undefined);
    return true;
  }

  private async reach(sessionId: string): Promise<UrlCompletionTarget | undefined> {
    for (const reach of this.reaches) {
      const target = await reach(sessionId);
      if (target) return target;
    }
    return undefined;
  }
}

async function deliver(elicitationId: string, target: UrlCompletionTarget): Promise<boolean> {
  try {
    await target.notify(elicitationComplete(elicitationId));
    return true;
  } catch {
    return false;
  }
}

/** The `notifications/elicitation/complete` message for one id. */
export function elicitationComplete(elicitationId: string): {
  method: 'notifications/elicitation/complete';
  params: { elicitationId: string };
} {
  return { method: 'notifications/elicitation/complete', params: { elicitationId } };
}
