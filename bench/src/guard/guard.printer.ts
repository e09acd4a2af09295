// The guard's table: each operation's figures now, against the baseline's.
import { fixed, textTable } from '../report/text-table.js';
import type { GuardBaseline } from './guard-baseline.js';
import type { GuardFigures } from './guard-measurement.js';

const change = (now: number, before: number | undefined): string =>
  before === undefined ? 'new' : `${now >= before ? '+' : ''}${fixed(((now - before) / before) * 100, 1)}%`;

export function printGuardTable(figures: GuardFigures, baseline: GuardBaseline | undefined): string {
  const rows = Object.entries(figures).map(([name, now]) => {
    const before = baseline?.operations[name];
    return [
      name,
      fixed(now.instructions.perOp / 1000, 1),
      fixed(now.instructions.barePerOp / 1000, 1),
      `${fixed(now.instructions.ratio, 3)}×`,
      change(now.instructions.ratio, before?.instructions.ratio),
      fixed(now.liveHeap.bytes / 2 ** 20, 2),
      `${fixed(now.liveHeap.ratio, 3)}×`,
      change(now.liveHeap.bytes, before?.liveHeap.bytes),
      fixed(now.keptObjectsPerOp.elicitor, 2),
      before === undefined ? '' : fixed(before.keptObjectsPerOp.elicitor, 2),
    ];
  });
  return textTable(
    [
      'operation',
      'k instr/op',
      'bare',
      'ratio',
      'vs baseline',
      'live heap MiB',
      'vs bare',
      'vs baseline',
      'objects kept/op',
      'baseline',
    ],
    rows,
  );
}
