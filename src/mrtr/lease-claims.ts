import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import { randomId } from '../shared/random-pool.js';
import type { ServerLogger } from '../shared/server-logger.js';
import { LeaseRenewals, type RenewableLease } from './lease-renewals.js';
import { PendingWrites } from './pending-writes.store.js';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error.js';
import { keepsRecordsFor, RECORDS_DROPPED } from './stores/record-horizon.check.js';
import { setIfAbsentInGeneration } from './stores/store-generation.check.js';
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
  /** Outcomes and releases the store missed (it timed out or was down), tried again until it takes them. */
  readonly pending: PendingWrites;

  constructor(readonly settings: LeaseClaimsSettings) {
    this.renewals = new LeaseRenewals(settings.leaseMs);
    this.pending = new PendingWrites(settings.logger);
  }

  /**
   * `issuedAt`: when the requestState of the round claiming was issued. A claim won on a key the store
   * may have dropped before its TTL is given back and the round refused (see {@link assertRecordsKept}).
   * `generation`: the store generation that requestState was issued under; a key found absent in a store
   * that has moved on to another generation refuses the round with an `OutcomeUnknownError`.
   */
  async claim(key: string, issuedAt?: number, generation?: string): Promise<ClaimOutcome> {
    if (this.pending.size > 0) {
      const recorded = this.pending.valueOf(key);
      if (recorded !== undefined) return { status: 'recorded', value: recorded };
      // A release this replica still owes the store goes first, or its own stale lease would hold the key.
      await this.pending.settle(key);
    }
    const { store, leaseMs } = this.settings;
    const token = LEASE_PREFIX + randomId(12);
    try {
      // Bounded: each pass either stores, or reads a live value; a value expiring in between is rare.
      for (let attempt = 0; attempt < 8; attempt++) {
        if (await setIfAbsentInGeneration(store, key, token, leaseMs, generation)) {
          if (!keepsRecordsFor(store, key, issuedAt)) {
            // The key may hold a dropped outcome: give it back and refuse the round.
            await store.compareAndDelete(key, token);
            throw new InvalidRequestStateError(RECORDS_DROPPED);
          }
          return {
            status: 'claimed',
            lease: new Lease(this.settings, this.renewals, this.pending, key, token),
          };
        }
        const stored = await store.get(key);
        if (stored === undefined) continue;
        return stored.startsWith(LEASE_PREFIX) ? { status: 'held' } : { status: 'recorded', value: stored };
      }
    } catch (error) {
      // A timed-out write may still land: the lease it would leave is released once the store answers.
      if (error instanceof StoreUnavailableError) owedRelease(this.settings, this.pending, key, token);
      throw error;
    }
    return { status: 'held' };
  }
}

/** Keeps trying to remove the lease `token` from `key`, for as long as the lease could live. */
function owedRelease(
  settings: LeaseClaimsSettings,
  pending: PendingWrites,
  key: string,
  token: string,
): void {
  pending.add(key, {
    value: undefined,
    expiresAt: Date.now() + settings.leaseMs,
    attempt: async () => {
      await settings.store.compareAndDelete(key, token);
      return true;
    },
  });
}

/** A claim in force: renewed by its claims' shared timer until it is completed or released. */
export class Lease implements RenewableLease {
  renewedAt = Date.now();
  private lost = false;

  constructor(
    private readonly settings: LeaseClaimsSettings,
    private readonly renewals: LeaseRenewals,
    private readonly pending: PendingWrites,
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
   * lease or outcome stays, and this outcome is not recorded. The work has run either way, so a store
   * that cannot take the outcome now gets it later ({@link PendingWrites}); meanwhile this replica's
   * claims read it from there, and the work does not run again.
   */
  async complete(outcome: string): Promise<boolean> {
    this.renewals.remove(this);
    // Writes still owed mean the store is out: this one queues behind them rather than wait out a timeout.
    if (this.pending.size > 0 && this.owe(outcome)) return true;
    try {
      const landed = await this.writeOutcome(outcome);
      if (!landed) this.warnLost('another request took it over, so this outcome was not recorded');
      return landed;
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || !this.owe(outcome)) throw error;
      return true;
    }
  }

  /** Leaves the outcome to {@link PendingWrites}; false when too many writes are owed already. */
  private owe(outcome: string): boolean {
    return this.pending.add(this.key, {
      value: outcome,
      expiresAt: Date.now() + this.settings.recordTtlMs,
      attempt: () => this.writeOutcome(outcome).then(() => true),
    });
  }

  /**
   * Gives the key up, so the next claim may run the work. A store that is out (it just failed the round:
   * `storeFailed`, or writes are still owed to it) gets the release later, without a wait here.
   */
  async release(storeFailed = false): Promise<void> {
    this.renewals.remove(this);
    if (storeFailed || this.pending.size > 0) {
      owedRelease(this.settings, this.pending, this.key, this.token);
      return;
    }
    try {
      await this.settings.store.compareAndDelete(this.key, this.token);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      owedRelease(this.settings, this.pending, this.key, this.token);
    }
  }

  /** True when the outcome is in the store, written now or by an earlier try whose reply was lost. */
  private async writeOutcome(outcome: string): Promise<boolean> {
    const { store, recordTtlMs } = this.settings;
    if (await store.compareAndSet(this.key, this.token, outcome, recordTtlMs)) return true;
    if (await store.setIfAbsent(this.key, outcome, recordTtlMs)) return true;
    return (await store.get(this.key)) === outcome;
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
