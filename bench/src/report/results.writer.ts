import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchResults } from './bench-results.js';

/** Writes the run as `latest.json` in the results directory; returns the file path. */
export async function writeResults(resultsDir: string, results: BenchResults): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, 'latest.json');
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
