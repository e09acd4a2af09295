/** A lease the shared timer can renew. */
export interface RenewableLease {
  /** When the lease was claimed or last renewed (`Date.now()`). */
  renewedAt: number;
  renew(): Promise<void>;
}

/**
 * Renews every live lease of one `LeaseClaims` from one timer: a lease is renewed once a third of its
 * term has passed since it was claimed or last renewed, so it is renewed at the latest halfway through
 * its term. The timer runs while leases are live and stops on the first tick that finds none.
 */
export class LeaseRenewals {
  private readonly live = new Set<RenewableLease>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly renewAfterMs: number;
  private readonly tickMs: number;

  constructor(leaseMs: number) {
    this.renewAfterMs = leaseMs / 3;
    this.tickMs = Math.max(1, Math.floor(leaseMs / 6));
  }

  add(lease: RenewableLease): void {
    this.live.add(lease);
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.tick(), this.tickMs);
      this.timer.unref();
    }
  }

  remove(lease: RenewableLease): void {
    this.live.delete(lease);
  }

  private tick(): void {
    if (this.live.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const now = Date.now();
    for (const lease of this.live) {
      if (now - lease.renewedAt < this.renewAfterMs) continue;
      lease.renewedAt = now;
      void lease.renew();
    }
  }
}
