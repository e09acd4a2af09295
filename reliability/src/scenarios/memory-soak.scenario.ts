import { readFile } from 'node:fs/promises';
import { SeededRandom } from '../fuzz/seeded-random.js';
import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario, ScenarioOutcome } from '../scenario.js';
import { ChildServer } from '../support/child-server.js';
import { accept, callTool, errorOf, stateOf, textOf } from '../support/mcp-call.js';
import type { Body, Reply } from '../support/mcp-call.js';

const MIB = 1024 * 1024;
const env = process.env;
/** The CI run is short; `SOAK_SECONDS=300 SOAK_TTL_MS=600000 SOAK_MAX_BYTES=33554432 …` runs the store's defaults. */
const settings = {
  loadSeconds: Number(env.SOAK_SECONDS ?? 30),
  idleSeconds: Number(env.SOAK_IDLE_SECONDS ?? 15),
  ttlMs: Number(env.SOAK_TTL_MS ?? 10_000),
  // Small enough that the short run fills it with the larger results, so it drops live records too.
  maxBytes: Number(env.SOAK_MAX_BYTES ?? 2 * MIB),
  sweepMs: Number(env.SOAK_SWEEP_MS ?? 2_000),
  workers: Number(env.SOAK_WORKERS ?? 32),
};
/** What the records may add to the process, beyond the budget they count: V8's headroom and pages kept. */
const RSS_SLACK_BYTES = 64 * MIB;
/** Heap a counted byte takes at most: the count is measured to within a tenth or so of the real heap. */
const HEAP_PER_COUNTED_BYTE = 1.5;
/** What a server keeps once warm, records aside (caches, compiled code): about 5 MiB measured. */
const WARM_HEAP_BYTES = 8 * MIB;
const EXPIRED = 'Invalid or expired requestState';

interface MemorySample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  youngGeneration: number;
  records: number;
  countedBytes: number;
  droppedLive: number;
  charges: number;
  receipts: number;
}

interface FinishedOrder {
  final: string;
  retry: () => Promise<Reply>;
}

/** Finished orders kept to be sent again later, when their records may have been dropped. */
const FINISHED_KEPT = 2_000;

interface Tally {
  finished: Array<FinishedOrder | undefined>;
  charged: number;
  finals: number;
  duplicatesAnswered: number;
  duplicatesRefused: number;
  wrong: string[];
}

/**
 * Mixed order traffic on one server with the in-memory state store, for a bounded time: whole flows with a
 * retried final round, flows left after the charge or after the first question, replays of an older state
 * at once or up to 2,000 orders later, results from 100 bytes to 32 KB. Samples memory every second, then idles past the state TTL and collects
 * garbage. The store's counted bytes stay within its budget, the process's memory within the budget and
 * a fixed slack, expired records leave during the idle time, and every order is charged and committed
 * exactly once.
 */
export const memorySoak: ReliabilityScenario = {
  name: 'memory-soak',
  async run(): Promise<ScenarioOutcome> {
    const server = await ChildServer.start(
      'servers/memory-soak.server.js',
      {
        TTL_MS: String(settings.ttlMs),
        MAX_BYTES: String(settings.maxBytes),
        SWEEP_MS: String(settings.sweepMs),
      },
      ['--expose-gc'],
    );
    const checks: CheckResult[] = [];
    const figures: Record<string, number | string> = {};
    try {
      const probe = async (gc: boolean): Promise<MemorySample> =>
        JSON.parse(textOf(await callTool(server.url, 'memory', { arguments: { gc } }))) as MemorySample;
      const start = await probe(true);
      const samples: MemorySample[] = [];
      const tally: Tally = {
        finished: [],
        charged: 0,
        finals: 0,
        duplicatesAnswered: 0,
        duplicatesRefused: 0,
        wrong: [],
      };
      const deadline = Date.now() + settings.loadSeconds * 1000;
      const sampler = setInterval(() => void probe(false).then((sample) => samples.push(sample)), 1000);
      let order = 0;
      await Promise.all(
        Array.from({ length: settings.workers }, async (_, worker) => {
          const random = new SeededRandom(worker + 1);
          while (Date.now() < deadline) await oneOrder(server.url, ++order, random, tally);
        }),
      );
      clearInterval(sampler);
      const afterLoad = await probe(true);
      await new Promise((resolve) => setTimeout(resolve, settings.idleSeconds * 1000));
      const afterIdle = await probe(true);
      const peakRss = await peakRssOf(server.pid, [start, ...samples, afterLoad]);
      const maxCounted = Math.max(...samples.map((s) => s.countedBytes), afterLoad.countedBytes);

      Object.assign(figures, {
        'load seconds': settings.loadSeconds,
        'state TTL ms': settings.ttlMs,
        'store budget MiB': settings.maxBytes / MIB,
        orders: order,
        'final results': tally.finals,
        'finished orders sent again: answered from the record / refused as expired': `${tally.duplicatesAnswered} / ${tally.duplicatesRefused}`,
        'records dropped live': afterIdle.droppedLive,
        'RSS start / peak / after load+GC / after idle+GC (MiB)': [
          start.rss,
          peakRss,
          afterLoad.rss,
          afterIdle.rss,
        ]
          .map(mib)
          .join(' / '),
        'heap start / after load+GC / after idle+GC (MiB)': [
          start.heapUsed,
          afterLoad.heapUsed,
          afterIdle.heapUsed,
        ]
          .map(mib)
          .join(' / '),
        'heap committed / young generation after load+GC, after idle+GC (MiB)': [afterLoad, afterIdle]
          .map((sample) => `${mib(sample.heapTotal)} / ${mib(sample.youngGeneration)}`)
          .join(', '),
        'records after load / after idle': `${afterLoad.records} / ${afterIdle.records}`,
        'counted MiB at most': mib(maxCounted),
      });
      const rssBound = start.rss + settings.maxBytes * 2 + RSS_SLACK_BYTES;
      const heapBound = start.heapUsed + WARM_HEAP_BYTES + settings.maxBytes * HEAP_PER_COUNTED_BYTE;
      checks.push(
        check(
          'the store never counts more than its byte budget',
          maxCounted <= settings.maxBytes,
          `${mib(maxCounted)} of ${mib(settings.maxBytes)} MiB`,
        ),
        check(
          'after the load, with a GC, the heap is within the byte budget (and a margin) of its start',
          afterLoad.heapUsed <= heapBound,
          `heap ${mib(afterLoad.heapUsed)} MiB, bound ${mib(heapBound)} MiB`,
        ),
        check(
          'after idling, with a GC, the heap and the RSS are within the budget and a fixed slack of their start',
          afterIdle.heapUsed <= heapBound && afterIdle.rss <= rssBound,
          `heap ${mib(afterIdle.heapUsed)} MiB, RSS ${mib(afterIdle.rss)} MiB, bound ${mib(rssBound)} MiB`,
        ),
        check(
          'after idling past the state TTL, expired records are gone and their memory with them',
          settings.idleSeconds * 1000 < settings.ttlMs + settings.sweepMs ||
            (afterIdle.records === 0 && afterIdle.heapUsed <= start.heapUsed + WARM_HEAP_BYTES),
          `${afterIdle.records} records, heap ${mib(afterIdle.heapUsed)} MiB (start ${mib(start.heapUsed)})`,
        ),
        check(
          'every charged order was charged once and every final result committed once',
          afterIdle.charges === tally.charged &&
            afterIdle.receipts === tally.finals &&
            tally.wrong.length === 0,
          `${afterIdle.charges} charges for ${tally.charged} orders, ${afterIdle.receipts} receipts for ${tally.finals} results${tally.wrong.length ? `; e.g. ${tally.wrong[0]}` : ''}`,
        ),
      );
    } finally {
      await server.stop();
    }
    return { checks, figures };
  },
};

/** One order of a random shape; counts what the server should have done. */
async function oneOrder(url: string, order: number, random: SeededRandom, tally: Tally): Promise<void> {
  const older = random.next() < 0.1 ? tally.finished[random.int(0, FINISHED_KEPT - 1)] : undefined;
  if (older) return replay(older, tally);
  const roll = random.next();
  const resultChars = roll < 0.7 ? 100 : roll < 0.95 ? 2_000 : 32_000;
  const args = { order, resultChars };
  const round = (requestState?: string, inputResponses?: Body): Promise<Reply> =>
    callTool(url, 'order', { arguments: args, ...(requestState ? { requestState, inputResponses } : {}) });
  const s1 = stateOf(await round());
  if (random.next() < 0.1) return;
  const confirm = { confirm: accept({ ok: true }) };
  const s2 = stateOf(await round(s1, confirm));
  tally.charged++;
  if (random.next() < 0.2) return;
  const note = { note: accept({ note: `n${order}` }) };
  const final = textOf(await round(s2, note));
  if (!final.startsWith(`Order ${order} paid as ch_`)) tally.wrong.push(`final: ${final.slice(0, 80)}`);
  tally.finals++;
  // A client retrying the final round, or replaying the state from before the charge: now, or much later.
  const retry = (): Promise<Reply> => (random.next() < 0.5 ? round(s2, note) : round(s1, confirm));
  tally.finished[order % FINISHED_KEPT] = { final, retry };
  await replay({ final, retry }, tally);
}

/** A finished order sent again: answered with its own result from the record, or refused as expired. */
async function replay(order: FinishedOrder, tally: Tally): Promise<void> {
  const again = await order.retry();
  if (errorOf(again)?.message === EXPIRED) tally.duplicatesRefused++;
  else if (textOf(again) === order.final) tally.duplicatesAnswered++;
  else tally.wrong.push(`again: ${errorOf(again)?.message ?? textOf(again).slice(0, 80)}`);
}

/** The kernel's high-water mark of the process's RSS (Linux), else the highest sample. */
async function peakRssOf(pid: number, samples: MemorySample[]): Promise<number> {
  const sampled = Math.max(...samples.map((s) => s.rss));
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
    return kib ? Math.max(sampled, Number(kib) * 1024) : sampled;
  } catch {
    return sampled;
  }
}

const mib = (bytes: number): string => (bytes / MIB).toFixed(1);
