import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectFilesTemplate } from '../../src/cli/templates/project/project-files.template.js';
import { cleanEnv, repoRoot } from './support/scaffold.helper.js';

/**
 * The scaffold's jest.config.mjs, run by this repository's Jest: a bare `npx jest` (no
 * --experimental-vm-modules) gets a one-line fix and a failing exit, and `npm test`'s NODE_OPTIONS runs.
 */
describe("the scaffold's jest.config.mjs", () => {
  // Inside the repository, so the preset and ts-jest resolve from its node_modules.
  const project = mkdtempSync(join(repoRoot, 'test', 'cli', 'generated-jest-'));

  beforeAll(() => {
    const files = projectFilesTemplate({
      packageName: 'demo',
      elicitorVersion: '^0.1.0',
      defaultTransport: 'http',
      packageManager: 'pnpm',
    });
    writeFileSync(
      join(project, 'jest.config.mjs'),
      files.find((file) => file.path === 'jest.config.mjs')!.content,
    );
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'src', 'sum.spec.ts'), "it('adds', () => expect(1 + 1).toBe(2));\n");
  });

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const jest = (nodeOptions?: string) => {
    const child = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--config', 'jest.config.mjs'],
      {
        cwd: project,
        env: cleanEnv(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
        encoding: 'utf8',
      },
    );
    return { status: child.status, stderr: child.stderr };
  };

  it('tells a bare npx jest, in one line, how to run the specs', () => {
    const { status, stderr } = jest();
    expect({ status, stderr }).toStrictEqual({
      status: 1,
      stderr:
        "These specs are ES modules, which Jest runs only with Node's --experimental-vm-modules: run `pnpm test`, or NODE_OPTIONS=--experimental-vm-modules npx jest\n",
    });
  }, 60_000);

  it('runs the specs with the NODE_OPTIONS of the test script', () => {
    const { status, stderr } = jest('--experimental-vm-modules --no-warnings=ExperimentalWarning');
    expect({ status, summary: /^Tests: .*$/m.exec(stderr)?.[0] }).toStrictEqual({
      status: 0,
      summary: 'Tests:       1 passed, 1 total',
    });
  }, 60_000);
});
