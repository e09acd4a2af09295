// Reads a V8 .cpuprofile and ranks where the samples of a time window went, by function and by module.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
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
  windowMs: number;
  functions: SelfTimeEntry[];
  modules: SelfTimeEntry[];
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

function shortLocation(url: string, line: number): string {
  if (!url) return '';
  const path = url.replace(/^file:\/\//, '');
  const cut = Math.max(path.lastIndexOf('node_modules/'), path.lastIndexOf('/dist/'));
  const shown = cut >= 0 ? path.slice(cut).replace(/^node_modules\//, '') : path;
  return `${shown}:${line + 1}`;
}

function rank(totals: Map<string, { location: string; micros: number }>, windowMicros: number, top: number): SelfTimeEntry[] {
  return [...totals.entries()]
    .sort((a, b) => b[1].micros - a[1].micros)
    .slice(0, top)
    .map(([label, { location, micros }]) => ({ label, location, selfMs: micros / 1000, percent: (micros / windowMicros) * 100 }));
}

/** Self time per function and per module for the samples taken between `fromMicros` and `toMicros` (V8 clock). */
export function summariseProfile(profile: CpuProfile, fromMicros: number, toMicros: number, top = 30): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, { location: string; micros: number }>();
  const byModule = new Map<string, { location: string; micros: number }>();
  let time = profile.startTime;
  let windowMicros = 0;
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index];
    if (time < fromMicros || time > toMicros) continue;
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const frame = nodes.get(profile.samples[index])?.callFrame;
    if (!frame || micros <= 0) continue;
    windowMicros += micros;
    const location = shortLocation(frame.url, frame.lineNumber);
    const name = `${frame.functionName || '(anonymous)'} ${location}`;
    const fn = byFunction.get(name) ?? { location, micros: 0 };
    fn.micros += micros;
    byFunction.set(name, fn);
    const module = moduleOf(frame.url, frame.functionName);
    const group = byModule.get(module) ?? { location: '', micros: 0 };
    group.micros += micros;
    byModule.set(module, group);
  }
  return {
    windowMs: windowMicros / 1000,
    functions: rank(byFunction, windowMicros, top).map((entry) => ({ ...entry, label: entry.label.split(' ')[0] })),
    modules: rank(byModule, windowMicros, top),
  };
}
