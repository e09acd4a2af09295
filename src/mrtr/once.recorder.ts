import type { OnceEffect } from '../context/input-channel.js';
import { InvalidParamsError } from '../errors/invalid-params.error.js';
import type { LeaseClaims } from './lease-claims.js';

/**
 * Records `ctx.once` effects in the shared store, keyed by call id, so an older requestState replayed
 * later (or on another replica) finds the effect already done instead of running it again. While the
 * effect runs its key is leased; a replica that dies mid-effect leaves a lease that expires, and the
 * retry runs the effect again with the same idempotency key.
 */
export class OnceRecorder {
  constructor(private readonly claims: LeaseClaims) {}

  async run<T>(callId: string, key: string, effect: OnceEffect<T>): Promise<T> {
    const claim = await this.claims.claim(`once:${callId}:${key}`);
    if (claim.status === 'recorded') return (JSON.parse(claim.value) as { value: T }).value;
    if (claim.status === 'held') {
      throw new InvalidParamsError(
        `once("${key}") is running for this call in another request; retry when it has finished`,
      );
    }
    let value: T;
    try {
      value = await effect({ idempotencyKey: idempotencyKeyOf(callId, key) });
    } catch (error) {
      await claim.lease.release();
      throw error;
    }
    await claim.lease.complete(JSON.stringify({ value: value ?? null }));
    return value;
  }
}

/** Stable for a call and a once key, on every replica; opaque to the external API that receives it. */
export function idempotencyKeyOf(callId: string, key: string): string {
  return `elicitor-${callId}-${key}`;
}
