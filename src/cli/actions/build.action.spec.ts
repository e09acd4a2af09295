import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESBUILD_NAME_HELPER, LEAN_NAME_HELPER } from '../build/kept-names.js';
import type { Esbuild } from '../build/esbuild-loader.js';
import { CapturedOutput } from '../shared/cli-output.js';
import { BuildAction } from './build.action.js';

const WRAPPED = 'const step = /* @__PURE__ */ __name((index) => index + 1, "step");';

/** An esbuild that writes `bundle` as its output, and whose parse check passes or fails as told. */
function fakeEsbuild(bundle: string, parses: boolean): Esbuild & { checked: string[] } {
  const checked: string[] = [];
  return {
    checked,
    build: (options) => {
      writeFileSync(options.outfile as string, bundle);
      return Promise.resolve({ errors: [], warnings: [] });
    },
    transform: (code) => {
      checked.push(code);
      return parses ? Promise.resolve({ code }) : Promise.reject(new Error('Unexpected "}"'));
    },
  };
}

async function build(bundle: string, parses = true) {
  const cwd = mkdtempSync(join(tmpdir(), 'elicitor-build-action-'));
  mkdirSync(join(cwd, 'dist'));
  writeFileSync(join(cwd, 'dist', 'main.js'), 'export {};\n');
  const output = new CapturedOutput();
  const esbuild = fakeEsbuild(bundle, parses);
  const action = new BuildAction({ output, cwd, loadEsbuild: () => Promise.resolve(esbuild) });
  const code = await action.handle({ entry: 'dist/main.js', out: 'dist/main.bundle.mjs' });
  return { code, output, esbuild, written: readFileSync(join(cwd, 'dist', 'main.bundle.mjs'), 'utf8') };
}

describe('BuildAction names', () => {
  const bundle = `${ESBUILD_NAME_HELPER}\nfunction make() {\n  ${WRAPPED}\n  return step;\n}\n`;

  it('writes the bundle with its names kept lean, once the rewritten file parses', async () => {
    const { code, output, esbuild, written } = await build(bundle);
    expect(code).toBe(0);
    expect(written).toContain(LEAN_NAME_HELPER);
    expect(written).toContain('  const step = (index) => index + 1;');
    expect(esbuild.checked).toEqual([written]);
    expect(output.stderr).toBe('');
  });

  it('leaves the bundle as esbuild wrote it, with a warning, when the rewritten file does not parse', async () => {
    const { code, output, written } = await build(bundle, false);
    expect(code).toBe(0);
    expect(written).toBe(bundle);
    expect(output.stderr).toMatch(/did not parse with its names kept lean/);
  });

  it('warns when esbuild printed its name helper in a form it does not know', async () => {
    const other = `var __name = (t, v) => Object.defineProperty(t, "name", { value: v });\n${WRAPPED}\n`;
    const { output, written } = await build(other);
    expect(output.stderr).toMatch(/prints its name helper differently/);
    // The bindings are still unwrapped: they need no helper.
    expect(written).toContain('const step = (index) => index + 1;');
  });
});
