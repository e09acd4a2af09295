import { randomId } from '../shared/random-pool.js';
import type { ServerLogger } from '../shared/server-logger.js';
import { LeaseRenewals, type RenewableLease } from './lease-renewals.js';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error.js';
import { keepsRecordsFor, RECORDS_DROPPED } from './stores/record-horizon.check.js';
import type { StateStore } from './stores/state-store.js';

/** Marks a value as a lease in force rather than a recorded outcome (outcomes are JSON text). */
const LEASE_PREFIX = '~lease:';

export interface LeaseClaimsSettings {
  store: StateStore;
  /** How long a claim holds without renewal; a crashed holder's claim is taken over after it. */
  leaseMs: number;
  /** How long a recorded outcome is kept (the state TTL). */
  recordTtlMs: number;
  logger: ServerLogger;
}

/** What claiming a key found. */
export type ClaimOutcome =
  { status: 'claimed'; lease: Lease } | { status: 'recorded'; value: string } | { status: 'held' };

/**
 * Claims on store keys for work that must not run twice at the same time: a call's final round, a `once`
 * effect. A claim is a short lease, renewed while the work runs; when its holder dies the lease expires
 * and the next claim takes the key over. Completing the work replaces the lease with its outcome.
 */
export class LeaseClaims {
  private readonly renewals: LeaseRenewals;

  constructor(readonly settings: LeaseClaimsSettings) {
    this.renewals = new LeaseRenewals(settings.leaseMs);
  }

  /**
   * `issuedAt`: when the requestState of the round claiming was issued. A claim won on a key the store
   * may have dropped before its TTL is given back and the round refused (see {@link assertRecordsKept}).
   */
  async claim(key: string, issuedAt?: number): Promise<ClaimOutcome> {
    const { store, leaseMs } = this.settings;
    const token = LEASE_PREFIX + randomId(12);
    // Bounded: each pass either stores, or reads a live value; a value expiring in between is rare.
    for (let attempt = 0; attempt < 8; attempt++) {
      if (await store.setIfAbsent(key, token, leaseMs)) {
        if (!keepsRecordsFor(store, issuedAt)) {
          // The key may hold a dropped outcome: give it back and refuse the round.
          await store.compareAndDelete(key, token);
          throw new InvalidRequestStateError(RECORDS_DROPPED);
        }
        return { status: 'claimed', lease: new Lease(this.settings, this.renewals, key, token) };
      }
      const stored = await store.get(key);
      if (stored === undefined) continue;
      return stored.startsWith(LEASE_PREFIX) ? { status: 'held' } : { status: 'recorded', value: stored };
    }
    return { status: 'held' };
  }
}

/** A claim in force: renewed by its claims' shared timer until it is completed or released. */
export class Lease implements RenewableLease {
  renewedAt = Date.now();
  private lost = false;

  constructor(
    private readonly settings: LeaseClaimsSettings,
    private readonly renewals: LeaseRenewals,
    readonly key: string,
    private readonly token: string,
  ) {
    renewals.add(this);
  }

  /** Whether a renewal found the lease gone: another request may have taken the work over. */
  get wasLost(): boolean {
    return this.lost;
  }

  /**
   * Replaces the lease with the outcome. False when another request took the key over meanwhile: its
   * lease or outcome stays, and this outcome is not recorded.
   */
  async complete(outcome: string): Promise<boolean> {
    this.renewals.remove(this);
    const { store, recordTtlMs } = this.settings;
    if (await store.compareAndSet(this.key, this.token, outcome, recordTtlMs)) return true;
    if (await store.setIfAbsent(this.key, outcome, recordTtlMs)) return true;
    this.warnLost('another request took it over, so this outcome was not recorded');
    return false;
  }

  /** Gives the key up, so the next claim may run the work. */
  async release(): Promise<void> {
    this.renewals.remove(this);
    await this.settings.store.compareAndDelete(this.key, this.token);
  }

  async renew(): Promise<void> {
    const { store, leaseMs } = this.settings;
    try {
      if (await store.compareAndSet(this.key, this.token, this.token, leaseMs)) return;
      this.renewals.remove(this);
      this.warnLost('another request may take the work over');
    } catch (error) {
      this.settings.logger.warn(`could not renew the lease on ${this.key}: ${String(error)}`);
    }
  }

  private warnLost(consequence: string): void {
    if (this.lost) return;
    this.lost = true;
    this.settings.logger.warn(
      `the lease on ${this.key} expired while its work ran (longer than the ${this.settings.leaseMs} ms lease without a renewal); ${consequence}`,
    );
  }
}
