import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const FLAGS = [
  '--ignoreConfig',
  '--noEmit',
  '--strict',
  '--exactOptionalPropertyTypes',
  '--skipLibCheck',
  '--target',
  'ES2022',
  '--module',
  'NodeNext',
  '--moduleResolution',
  'NodeNext',
  '--experimentalDecorators',
  '--types',
  'node',
];

/** tsc's diagnostics for one fixture, as `line:TSnnnn`; `elicitor` resolves to the built package. */
async function diagnostics(file: string): Promise<string[]> {
  const output = await run(process.execPath, [TSC, ...FLAGS, '--pretty', 'false', file]).then(
    ({ stdout }) => stdout,
    (failure: { stdout: string }) => failure.stdout,
  );
  return [...output.matchAll(/\((\d+),\d+\): error (TS\d+)/g)].map((match) => `${match[1]}:${match[2]}`);
}

describe('Standard Schema types (checked by tsc)', () => {
  it('compiles the typed arguments, the typed content() of each library, and the typed output', async () => {
    expect(await diagnostics(join('test', 'types', 'standard-schema.compiles.ts'))).toStrictEqual([]);
  });

  it('refuses each mistyped use, and only those', async () => {
    const file = join('test', 'types', 'standard-schema.fails.ts');
    const expected = readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => {
        const marked = /\/\/ error (TS\d+)$/.exec(line);
        return marked ? [`${index + 1}:${marked[1]}`] : [];
      });
    expect(expected).toHaveLength(5);
    expect(await diagnostics(file)).toStrictEqual(expected);
  }, 60_000);
});
