import { getHeapSpaceStatistics } from 'node:v8';
import type { ChildMessage, ParentMessage, ResourceSnapshot } from '../process/child-messages.js';
import { readLiveHeap } from '../process/live-heap.reader.js';

export interface StartedServer {
  port: number;
  close(): Promise<void>;
  /** Numbers worth reporting about the start, e.g. how long bootstrap took. */
  facts?: Record<string, number>;
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

function snapshot(): ResourceSnapshot {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  return {
    userMicros: cpu.user,
    systemMicros: cpu.system,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    youngGenerationBytes:
      getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0,
  };
}

/**
 * Runs a server as a bench child: starts it, tells the parent its port, answers resource snapshots,
 * and exits cleanly on `stop` (a clean exit is what lets `--cpu-prof` write its profile).
 */
export async function serveAsChild(start: () => Promise<StartedServer>): Promise<void> {
  if (!process.send) throw new Error('run this file through the bench (it needs an IPC channel)');
  let server: StartedServer;
  try {
    server = await start();
  } catch (error) {
    send({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    process.exit(1);
  }
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'snapshot') send({ type: 'snapshot', id: message.id, snapshot: snapshot() });
    if (message.type === 'heap')
      void readLiveHeap(message.countObjects).then((heap) => send({ type: 'heap', id: message.id, heap }));
    if (message.type === 'stop') void server.close().finally(() => process.exit(0));
  });
  // The parent going away must not leave a server behind.
  process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
  send({ type: 'ready', port: server.port, facts: server.facts ?? {} });
}

/** Reads `--name value` from the child's argv. */
export function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
