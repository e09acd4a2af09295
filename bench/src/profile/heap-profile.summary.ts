// Ranks where a sampled heap profile's bytes were allocated, by function and by module.
import { moduleOf, shortLocation } from './cpu-profile.summary.js';

export interface SamplingHeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingHeapNode[];
}

export interface AllocationEntry {
  label: string;
  location: string;
  bytes: number;
}

export interface AllocationSummary {
  totalBytes: number;
  functions: AllocationEntry[];
  modules: AllocationEntry[];
}

function add(totals: Map<string, AllocationEntry>, label: string, location: string, bytes: number): void {
  const key = `${label} ${location}`;
  const entry = totals.get(key);
  if (entry) entry.bytes += bytes;
  else totals.set(key, { label, location, bytes });
}

const largestFirst = (totals: Map<string, AllocationEntry>) =>
  [...totals.values()].sort((a, b) => b.bytes - a.bytes);

export function summariseAllocations(head: SamplingHeapNode): AllocationSummary {
  const functions = new Map<string, AllocationEntry>();
  const modules = new Map<string, AllocationEntry>();
  let totalBytes = 0;
  const pending = [head];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (node.selfSize > 0) {
      totalBytes += node.selfSize;
      add(functions, functionName || '(anonymous)', shortLocation(url, lineNumber), node.selfSize);
      add(modules, moduleOf(url, functionName), '', node.selfSize);
    }
    pending.push(...node.children);
  }
  return { totalBytes, functions: largestFirst(functions), modules: largestFirst(modules) };
}
