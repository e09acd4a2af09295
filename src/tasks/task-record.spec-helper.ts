import type { Clock } from '../shared/clock.js';
import type { TaskRecord } from './task.types.js';

/** A task of the `deploy` tool, working since now on `clock`; `fields` sets what a spec cares about. */
export function workingTask(
  clock: Clock,
  fields: Pick<TaskRecord, 'id' | 'owner' | 'ttlMs' | 'pollIntervalMs'>,
): TaskRecord {
  return {
    tool: 'deploy',
    arguments: {},
    status: 'working',
    createdAt: clock.now(),
    lastUpdatedAt: clock.now(),
    requestState: 'v1.k.state',
    run: 1,
    protocolVersion: '2026-07-28',
    clientCapabilities: {},
    ...fields,
  };
}
