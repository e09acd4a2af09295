import { jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Greetings, createGreetingApp } from '../../docs/snippets/troubleshooting/greeting.server.js';
import { snippetJson } from './support/snippet-files.js';

const run = promisify(execFile);
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const SOURCE = join('docs', 'snippets', 'troubleshooting', 'greeting.server.ts');
// Inside the repository, so the compiled file finds `elicitor` by the package's own name.
const OUT = join('test', 'fixtures', 'decorator-flags', 'dist');
const ERRORS = snippetJson<Record<string, string>>('troubleshooting/compiler-flags.errors.json');

/**
 * Compiles the greeting app with real tsc and the given flags, then starts it in a fresh Node process:
 * resolves with what it printed, or with the message of the error that stopped it.
 */
async function compileAndStart(variant: string, flags: string[]): Promise<string> {
  const outDir = join(OUT, variant);
  rmSync(outDir, { recursive: true, force: true });
  const common = ['--ignoreConfig', '--target', 'ES2022', '--module', 'NodeNext'];
  const options = [...common, '--moduleResolution', 'NodeNext', '--strict', '--skipLibCheck'];
  // Without the flags tsc reports the decorators' signatures, and still emits what a careless build ships.
  await run(process.execPath, [
    TSC,
    SOURCE,
    ...options,
    '--types',
    'node',
    '--outDir',
    outDir,
    ...flags,
  ]).catch(() => undefined);
  const entry = pathToFileURL(resolve(outDir, 'greeting.server.js')).href;
  const script = `
    try {
      const { createGreetingApp, Greetings } = await import(${JSON.stringify(entry)});
      const app = await createGreetingApp();
      console.log('started: ' + app.get(Greetings).text('world'));
      await app.close();
    } catch (error) {
      console.log(error.message);
    }`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  return stdout.trim();
}

describe('Troubleshooting guide: the compiler flags', () => {
  jest.setTimeout(120_000);

  it('starts the greeting app as the project compiles it (both flags on)', async () => {
    const app = await createGreetingApp();
    expect(app.get(Greetings).text('world')).toBe('Hello, world!');
    await app.close();
  });

  it('starts the greeting app built by tsc with both flags', async () => {
    const started = await compileAndStart('both-flags', [
      '--experimentalDecorators',
      '--emitDecoratorMetadata',
    ]);
    expect(started).toBe('started: Hello, world!');
  });

  it('names both flags when tsc emitted standard (TC39) decorators', async () => {
    expect(await compileAndStart('no-flags', [])).toBe(ERRORS['without experimentalDecorators']);
  });

  it('names emitDecoratorMetadata when decorators are legacy but carry no metadata', async () => {
    expect(await compileAndStart('no-metadata', ['--experimentalDecorators'])).toBe(
      ERRORS['without emitDecoratorMetadata'],
    );
  });
});
