// What the CI guard counts: one entry per guarded operation. A new path gets its own entry (and, when it
// needs one, its own workload in `load/named-workload.ts` and server script), then a baseline update.
import { benchPaths } from '../bench.config.js';

export interface GuardedOperation {
  /** Its key in the baseline file. */
  name: string;
  /** What one operation is, for the report. */
  what: string;
  /** The workload (a name `workloadNamed` knows) Elicitor's server runs. */
  workload: string;
  /** Bare's workload the ratio is taken against: the same operation, or the nearest one bare speaks. */
  bare: string;
  /** The compiled server child that serves it; the bench's Elicitor server unless the path needs another. */
  server: string;
  /**
   * Operations run before counting, until V8 has optimised the path (a bare echo's count settles after some
   * 6,000), then operations counted per window, under callgrind.
   */
  warmup: number;
  counted: number;
  /**
   * Counted first on the same server process, figures discarded: an operation alone on its server is then
   * counted from the same place in its process as bare's workload (bare counts its echo before its flows),
   * since a process's first counted window reads higher than later ones.
   */
  countedAfter?: { workload: string; warmup: number; counted: number };
  /** Set while its count is not yet stable enough to fail on: why. It is counted and printed, never failed. */
  advisory?: string;
}

const elicitor = benchPaths.elicitorServer;

export const GUARDED_OPERATIONS: readonly GuardedOperation[] = [
  {
    name: 'modern-echo',
    what: 'echo, one 2026-07-28 request',
    workload: 'echo',
    bare: 'echo',
    server: elicitor,
    warmup: 6_000,
    counted: 1_000,
  },
  {
    name: 'modern-flow-3q',
    what: 'a 3-question flow on 2026-07-28 (4 rounds, input_required)',
    workload: 'flow-3q',
    bare: 'flow-3q',
    server: elicitor,
    warmup: 2_000,
    counted: 300,
  },
  {
    name: 'legacy-echo',
    what: 'echo in a 2025-11-25 session (bare: its 2026-07-28 echo)',
    workload: 'legacy-echo',
    bare: 'echo',
    server: elicitor,
    // The 2025 path's code settles later than the 2026 one's: counted alone after 3,000 echoes it read
    // 357k instructions per op, a third of it V8 still optimising; after 9,000, 112k.
    warmup: 9_000,
    counted: 1_000,
  },
  {
    name: 'legacy-flow-2q',
    what: 'a 2-question flow in a 2025-11-25 session, pushed (bare: its 2026-07-28 2-question flow)',
    workload: 'legacy-flow',
    bare: 'flow',
    server: elicitor,
    // After 1,000 or 3,000 flows, V8 was still optimising in the window: 535k to 1,045k instructions per
    // flow in five counts. After 8,000: 453k, 457k and 461k.
    warmup: 8_000,
    counted: 300,
  },
  {
    name: 'modern-echo-zod',
    what: 'echo whose arguments are a Zod schema, one 2026-07-28 request',
    workload: 'echo',
    bare: 'echo',
    server: benchPaths.elicitorZodServer,
    warmup: 6_000,
    counted: 1_000,
  },
  {
    name: 'modern-flow-3q-zod',
    what: 'the 3-question flow with Zod arguments and forms, on 2026-07-28',
    workload: 'flow-3q',
    bare: 'flow-3q',
    server: benchPaths.elicitorZodServer,
    warmup: 2_000,
    counted: 300,
  },
  {
    name: 'modern-flow-3q-app',
    what: 'the 3-question flow with each question rendered by an MCP App, for a client that renders them',
    workload: 'flow-3q-app',
    bare: 'flow-3q',
    server: benchPaths.elicitorAppServer,
    warmup: 2_000,
    counted: 300,
    countedAfter: { workload: 'echo', warmup: 3_000, counted: 1_000 },
  },
];

/** The bare responder every ratio is taken against, counted in the same run. */
export const BARE_SERVER = benchPaths.bareServer;
