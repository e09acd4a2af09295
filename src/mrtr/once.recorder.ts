import type { StateStore } from './stores/state-store.js';

const RUNNING = '"__elicitor_running__"';

/**
 * Records `ctx.once` effects in the shared store, keyed by call id, so an older requestState replayed
 * later (or on another replica) finds the effect already done instead of running it again.
 */
export class OnceRecorder {
  constructor(
    private readonly store: StateStore,
    private readonly ttlMs: number,
  ) {}

  async run<T>(callId: string, key: string, effect: () => T | Promise<T>): Promise<T> {
    const storeKey = `once:${callId}:${key}`;
    if (!(await this.store.setIfAbsent(storeKey, RUNNING, this.ttlMs))) {
      const recorded = await this.store.get(storeKey);
      if (recorded !== undefined && recorded !== RUNNING) return (JSON.parse(recorded) as { value: T }).value;
      throw new Error(`once("${key}") is already running for this call in another request`);
    }
    let value: T;
    try {
      value = await effect();
    } catch (error) {
      await this.store.delete(storeKey);
      throw error;
    }
    await this.store.set(storeKey, JSON.stringify({ value: value ?? null }), this.ttlMs);
    return value;
  }
}
