import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export type Collect = (options?: { type: 'minor' | 'major' }) => void;

/** V8's collector, exposed after start-up: the flag holds for contexts made from then on. */
export function heapCollector(): Collect {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Collect;
}

/** Bytes in use in the old generation now (garbage included until the next full collection). */
export function oldGenerationUsed(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
}
