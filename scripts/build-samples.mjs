// Builds every sample (and the benchmark) with tsc, after the library itself is built.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const tsc = join('node_modules', 'typescript', 'bin', 'tsc');
const projects = readdirSync('samples', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join('samples', entry.name, 'tsconfig.json')))
  .map((entry) => join('samples', entry.name));
if (existsSync(join('bench', 'tsconfig.json'))) projects.push('bench');
for (const project of projects) {
  execFileSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
}
