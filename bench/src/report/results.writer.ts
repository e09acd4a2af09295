import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchResults } from './bench-results.js';
import type { ColdStartResults } from '../suites/cold-start.suite.js';

/** Writes the run as `<name>.json` (`latest` by default) in the results directory; returns the file path. */
export async function writeResults(
  resultsDir: string,
  results: BenchResults | ColdStartResults | object,
  name = 'latest',
): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
