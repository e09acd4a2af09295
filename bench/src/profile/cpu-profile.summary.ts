// Reads a V8 .cpuprofile and ranks where the samples of a time window went, by function and by module.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTimeEntry {
  label: string;
  location: string;
  selfMs: number;
  percent: number;
}

export interface ProfileSummary {
  /** Busy (non-idle) sampled time in the window; the percentages are of this. */
  busyMs: number;
  idleMs: number;
  functions: SelfTimeEntry[];
  modules: SelfTimeEntry[];
  /** Time with the module anywhere on the stack (each sample counted once per module). */
  modulesInclusive: SelfTimeEntry[];
  /** Time with the library's own function anywhere on the stack: which Elicitor stage costs what. */
  elicitorInclusive: SelfTimeEntry[];
}

/** `file:///…/node_modules/pkg/x.js` → `pkg`, `…/dist/mrtr/y.js` → `elicitor/mrtr`, `node:internal/x` → `node:internal/x`. */
export function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url;
  const path = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (inPackage) return inPackage[1];
  const inLibrary = /\/dist\/([^/]+)\//.exec(path);
  if (inLibrary && !path.includes('/bench/')) return `elicitor/${inLibrary[1]}`;
  if (path.includes('/bench/')) return 'bench';
  return path.split('/').slice(-2).join('/');
}

export function shortLocation(url: string, line: number): string {
  if (!url) return '';
  const path = url.replace(/^file:\/\//, '');
  const cut = Math.max(path.lastIndexOf('node_modules/'), path.lastIndexOf('/dist/'));
  const shown =
    cut >= 0
      ? path
          .slice(cut)
          .replace(/^node_modules\//, '')
          .replace(/^\//, '')
      : path;
  return `${shown}:${line + 1}`;
}

interface Tally {
  label: string;
  location: string;
  micros: number;
}

function add(totals: Map<string, Tally>, key: string, label: string, location: string, micros: number): void {
  const tally = totals.get(key) ?? { label, location, micros: 0 };
  tally.micros += micros;
  totals.set(key, tally);
}

function rank(totals: Map<string, Tally>, busyMicros: number, top: number): SelfTimeEntry[] {
  return [...totals.values()]
    .sort((a, b) => b.micros - a.micros)
    .slice(0, top)
    .map(({ label, location, micros }) => ({
      label,
      location,
      selfMs: micros / 1000,
      percent: (micros / busyMicros) * 100,
    }));
}

/** Self time per function and per module for the samples taken between `fromMicros` and `toMicros` (V8 clock). */
export function summariseProfile(
  profile: CpuProfile,
  fromMicros: number,
  toMicros: number,
  top = 30,
): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const modulesInclusive = new Map<string, Tally>();
  const elicitorInclusive = new Map<string, Tally>();
  const byFunction = new Map<string, Tally>();
  const byModule = new Map<string, Tally>();
  let time = profile.startTime;
  let busyMicros = 0;
  let idleMicros = 0;
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index];
    if (time < fromMicros || time > toMicros) continue;
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const frame = nodes.get(profile.samples[index])?.callFrame;
    if (!frame || micros <= 0) continue;
    if (frame.functionName === '(idle)') {
      idleMicros += micros;
      continue;
    }
    busyMicros += micros;
    const location = shortLocation(frame.url, frame.lineNumber);
    const name = frame.functionName || '(anonymous)';
    add(byFunction, `${name}\u0000${location}`, name, location, micros);
    const module = moduleOf(frame.url, frame.functionName);
    add(byModule, module, module, '', micros);
    const seenModules = new Set<string>();
    const seenFunctions = new Set<string>();
    for (let id: number | undefined = profile.samples[index]; id !== undefined; id = parents.get(id)) {
      const stackFrame = nodes.get(id)!.callFrame;
      if (stackFrame.functionName === '(root)') continue;
      const stackModule = moduleOf(stackFrame.url, stackFrame.functionName);
      if (!seenModules.has(stackModule)) add(modulesInclusive, stackModule, stackModule, '', micros);
      seenModules.add(stackModule);
      if (!stackModule.startsWith('elicitor/')) continue;
      const stackLocation = shortLocation(stackFrame.url, stackFrame.lineNumber);
      const key = `${stackFrame.functionName}\u0000${stackLocation}`;
      if (!seenFunctions.has(key))
        add(elicitorInclusive, key, stackFrame.functionName || '(anonymous)', stackLocation, micros);
      seenFunctions.add(key);
    }
  }
  return {
    busyMs: busyMicros / 1000,
    idleMs: idleMicros / 1000,
    functions: rank(byFunction, busyMicros, top),
    modules: rank(byModule, busyMicros, top),
    modulesInclusive: rank(modulesInclusive, busyMicros, top),
    elicitorInclusive: rank(elicitorInclusive, busyMicros, top),
  };
}
