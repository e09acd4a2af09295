import type { StateStore } from '../mrtr/stores/state-store.js';
import { systemClock, type Clock } from '../shared/clock.js';
import { TaskLimitError } from '../errors/task-limit.error.js';
import type { TaskRecord } from './task.types.js';

export interface TaskStoreOptions {
  /** Most live tasks one principal may hold (unexpired, whatever their status). Default 100. */
  maxPerPrincipal?: number;
  clock?: Clock;
  /** Told of each record an `update` stored, e.g. to wake the task's followers on every replica. */
  onChange?: (record: TaskRecord) => void;
}

/** An owner's task ids with their expiry times (epoch ms): one entry per live task, pruned on each create. */
type OwnerIndex = Array<[id: string, expiresAt: number]>;

/** Writes that lost a race are tried again this many times before the update gives up. */
const MAX_RACES = 50;

/**
 * Tasks in the shared state store, one JSON record each, kept until their TTL from creation passes; the store
 * drops them then. Updates are compare-and-set on the whole record, so replicas and concurrent requests never
 * lose each other's writes. Each owner has an index of its task ids, which enforces the per-principal cap and
 * serves listing.
 */
export class TaskStore {
  readonly maxPerPrincipal: number;
  private readonly clock: Clock;
  private readonly onChange: ((record: TaskRecord) => void) | undefined;

  constructor(
    private readonly store: StateStore,
    options: TaskStoreOptions = {},
  ) {
    this.maxPerPrincipal = options.maxPerPrincipal ?? 100;
    this.clock = options.clock ?? systemClock;
    this.onChange = options.onChange;
  }

  /** Stores a new task; resolves once a `get` on any replica finds it. Throws `TaskLimitError` past the cap. */
  async create(record: TaskRecord): Promise<void> {
    const expiresAt = record.createdAt + record.ttlMs;
    await this.updateIndex(record.owner, (live) => {
      if (live.length >= this.maxPerPrincipal) throw new TaskLimitError(this.maxPerPrincipal);
      live.push([record.id, expiresAt]);
      return live;
    });
    await this.store.set(taskKey(record.id), JSON.stringify(record), record.ttlMs);
  }

  async get(id: string): Promise<TaskRecord | undefined> {
    const raw = await this.store.get(taskKey(id));
    return raw === undefined ? undefined : (JSON.parse(raw) as TaskRecord);
  }

  /**
   * Changes a task atomically: `change` gets the current record and returns the new one, or undefined to leave
   * it. It may run more than once (when another writer got in between), so it must only compute. Resolves to
   * the record as stored after the change, or undefined when the task is gone.
   */
  async update(
    id: string,
    change: (record: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined> {
    const key = taskKey(id);
    for (let race = 0; race < MAX_RACES; race++) {
      const raw = await this.store.get(key);
      if (raw === undefined) return undefined;
      const current = JSON.parse(raw) as TaskRecord;
      const changed = change(structuredClone(current));
      if (changed === undefined) return current;
      const remainingMs = current.createdAt + current.ttlMs - this.clock.now();
      if (remainingMs <= 0) {
        await this.store.compareAndDelete(key, raw);
        return undefined;
      }
      changed.lastUpdatedAt = this.clock.now();
      changed.revision = (current.revision ?? 0) + 1;
      if (await this.store.compareAndSet(key, raw, JSON.stringify(changed), remainingMs)) {
        this.onChange?.(changed);
        return changed;
      }
    }
    throw new Error(`task ${id}: too many concurrent updates`);
  }

  /** The owner's live tasks, oldest first. */
  async list(owner: string | null): Promise<TaskRecord[]> {
    const index = await this.readIndex(owner);
    const records = await Promise.all(index.map(([id]) => this.get(id)));
    return records.filter((record): record is TaskRecord => record !== undefined && record.owner === owner);
  }

  async delete(id: string): Promise<void> {
    await this.store.delete(taskKey(id));
  }

  private async readIndex(owner: string | null): Promise<OwnerIndex> {
    const raw = await this.store.get(indexKey(owner));
    return raw === undefined ? [] : (JSON.parse(raw) as OwnerIndex);
  }

  /** Prunes expired entries, then applies `change`, atomically against other writers of the index. */
  private async updateIndex(owner: string | null, change: (live: OwnerIndex) => OwnerIndex): Promise<void> {
    const key = indexKey(owner);
    for (let race = 0; race < MAX_RACES; race++) {
      const raw = await this.store.get(key);
      const now = this.clock.now();
      const live = (raw === undefined ? [] : (JSON.parse(raw) as OwnerIndex)).filter(
        ([, expiresAt]) => expiresAt > now,
      );
      const next = change(live);
      const ttlMs = Math.max(1, ...next.map(([, expiresAt]) => expiresAt - now));
      const json = JSON.stringify(next);
      const stored =
        raw === undefined
          ? await this.store.setIfAbsent(key, json, ttlMs)
          : await this.store.compareAndSet(key, raw, json, ttlMs);
      if (stored) return;
    }
    throw new Error('too many concurrent task creations for one principal');
  }
}

function taskKey(id: string): string {
  return `task:${id}`;
}

/** Owners are principals, never null in the key: `-` stands for "no authentication". */
function indexKey(owner: string | null): string {
  return owner === null ? 'tasks-of:-' : `tasks-of:${JSON.stringify(owner)}`;
}
