import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenerateAction } from '../../src/cli/actions/generate.action.js';
import { CapturedOutput } from '../../src/cli/shared/cli-output.js';
import { readFixture } from './fixture-file.helper.js';
import { cleanEnv, repoRoot } from './support/scaffold.helper.js';

/**
 * `elicitor generate ui` writes an MCP App (the class, its HTML and a spec) and lists it in the module's
 * `ui`; the spec it writes passes, run by Jest in a child process from the project's root (where the
 * server reads the HTML from) against this repository's build (`npm run build` first).
 */
describe('elicitor generate ui', () => {
  // Inside the repository, so the child Jest resolves 'elicitor' to this build.
  const project = mkdtempSync(join(repoRoot, 'test', 'cli', 'generated-ui-'));
  const output = new CapturedOutput();

  beforeAll(async () => {
    for (const path of ['src/app.module.ts', 'src/greeter/greeter.module.ts']) {
      mkdirSync(join(project, path, '..'), { recursive: true });
      writeFileSync(join(project, path), readFixture(`new-project/http/${path}`));
    }
    await new GenerateAction({ output, cwd: project }).handle({
      schematic: 'ui',
      name: 'seat-map',
      dryRun: false,
      flat: false,
      spec: true,
    });
  });

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('writes the class, its HTML and its spec, and lists the class in the module’s ui', () => {
    expect(output.outLines.map((line) => line.replace(/ \(\d+ bytes\)$/, ''))).toStrictEqual([
      'CREATE src/seat-map/seat-map.ui.ts',
      'CREATE src/seat-map/seat-map.ui.html',
      'CREATE src/seat-map/seat-map.ui.spec.ts',
      'UPDATE src/app.module.ts',
    ]);
    const source = readFileSync(join(project, 'src/seat-map/seat-map.ui.ts'), 'utf8');
    expect(source).toContain("uri: 'ui://seat-map',");
    expect(source).toContain("file: 'src/seat-map/seat-map.ui.html',");
    expect(source).toContain('export class SeatMapUi {}');
    expect(readFileSync(join(project, 'src/app.module.ts'), 'utf8')).toContain('ui: [SeatMapUi],');
    const html = readFileSync(join(project, 'src/seat-map/seat-map.ui.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('writes a spec that passes', () => {
    const child = spawnSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--runInBand',
        '--config',
        join(repoRoot, 'jest.config.js'),
        '--rootDir',
        repoRoot,
        join(project, 'src', 'seat-map', 'seat-map.ui.spec.ts'),
      ],
      {
        cwd: project,
        env: cleanEnv({ NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' }),
        encoding: 'utf8',
      },
    );
    const text = `${child.stdout}${child.stderr}`;
    expect({
      status: child.status,
      summary: /^Tests: .*$/m.exec(text)?.[0],
      output: child.status === 0 ? '' : text,
    }).toStrictEqual({
      status: 0,
      summary: 'Tests:       3 passed, 3 total',
      output: '',
    });
  }, 120_000);
});
