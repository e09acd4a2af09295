import type { OnceEffect } from '../context/input-channel.js';
import { encodeReplayValue } from '../context/replay-value.codec.js';
import { WorkInProgressError } from '../errors/work-in-progress.error.js';
import { ReplayValueError } from '../errors/replay-value.error.js';
import type { LeaseClaims } from './lease-claims.js';

/**
 * Records `ctx.once` effects in the shared store, keyed by call id, so an older requestState replayed
 * later (or on another replica) finds the effect already done instead of running it again. While the
 * effect runs its key is leased; a replica that dies mid-effect leaves a lease that expires, and the
 * retry runs the effect again with the same idempotency key. Values are recorded in their replayable
 * (JSON) encoding, which `run` returns; a value that has none is recorded as refused, so the effect,
 * which did run, never runs again.
 */
export class OnceRecorder {
  constructor(private readonly claims: LeaseClaims) {}

  /**
   * `issuedAt` and `generation`: when, and under which store generation, the requestState of a resumed
   * round was issued; a first round has neither.
   */
  async run<T>(
    callId: string,
    key: string,
    effect: OnceEffect<T>,
    issuedAt?: number,
    generation?: string,
  ): Promise<unknown> {
    const claim = await this.claims.claim(`once:${callId}:${key}`, issuedAt, generation);
    if (claim.status === 'recorded') return recordedValue(claim.value);
    if (claim.status === 'held') {
      throw new WorkInProgressError(
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
    let encoded: unknown;
    try {
      encoded = encodeReplayValue(value, `ctx.once("${key}")`);
    } catch (error) {
      await claim.lease.complete(JSON.stringify({ refused: (error as Error).message }));
      throw error;
    }
    await claim.lease.complete(JSON.stringify({ value: encoded }));
    return encoded;
  }
}

function recordedValue(recorded: string): unknown {
  const record = JSON.parse(recorded) as { value?: unknown; refused?: string };
  if (record.refused !== undefined) throw new ReplayValueError(record.refused);
  return record.value;
}

/** Stable for a call and a once key, on every replica; opaque to the external API that receives it. */
export function idempotencyKeyOf(callId: string, key: string): string {
  return `elicitor-${callId}-${key}`;
}
