// Builds every sample, test fixture app and the benchmark with tsc, after the library itself is built.
// A sample with a `build.ui.mjs` (its MCP Apps, bundled into HTML) runs it after its tsc build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const tsc = join('node_modules', 'typescript', 'bin', 'tsc');
const projects = readdirSync('samples', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join('samples', entry.name, 'tsconfig.json')))
  .map((entry) => join('samples', entry.name));
for (const fixture of existsSync(join('test', 'fixtures')) ? readdirSync(join('test', 'fixtures')) : []) {
  if (existsSync(join('test', 'fixtures', fixture, 'tsconfig.json'))) projects.push(join('test', 'fixtures', fixture));
}
for (const tool of ['bench', 'reliability']) if (existsSync(join(tool, 'tsconfig.json'))) projects.push(tool);
for (const project of projects) {
  execFileSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
  const buildUi = join(project, 'build.ui.mjs');
  if (existsSync(buildUi)) execFileSync(process.execPath, [buildUi], { stdio: 'inherit' });
}
