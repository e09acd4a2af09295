import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { GenerateAction } from '../../src/cli/actions/generate.action.js';
import { CapturedOutput } from '../../src/cli/shared/cli-output.js';
import { readFixture } from './fixture-file.helper.js';
import { cleanEnv, repoRoot } from './support/scaffold.helper.js';

const PROJECT_FILES = [
  'src/app.module.ts',
  'src/greeter/greeter.module.ts',
  'src/greeter/greeter.tool.ts',
  'src/greeter/greeting.service.ts',
  'src/greeter/name.form.ts',
];

/**
 * `elicitor generate tool|form --schema zod` writes a Zod tool and form, registered in their module like
 * classes, whose own specs pass: run by Jest in a child process against this repository's build.
 */
describe('elicitor generate --schema zod', () => {
  // Inside the repository, so the child Jest resolves 'elicitor' to this build and 'zod' to its install.
  const project = mkdtempSync(join(repoRoot, 'test', 'cli', 'generated-zod-'));
  const output = new CapturedOutput();

  beforeAll(async () => {
    for (const path of PROJECT_FILES) {
      mkdirSync(join(project, path, '..'), { recursive: true });
      writeFileSync(join(project, path), readFixture(`new-project/http/${path}`));
    }
    const action = new GenerateAction({ output, cwd: project });
    for (const schematic of ['tool', 'form'] as const) {
      await action.handle({
        schematic,
        name: 'booking',
        dryRun: false,
        flat: false,
        spec: true,
        schemaLibrary: 'zod',
      });
    }
  });

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const read = (path: string): string => readFileSync(join(project, path), 'utf8');
  const runSpec = (path: string): { status: number | null; summary: string | undefined; output: string } => {
    const child = spawnSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--runInBand',
        relative(repoRoot, join(project, path)),
      ],
      {
        cwd: repoRoot,
        env: cleanEnv({ NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' }),
        encoding: 'utf8',
      },
    );
    const text = `${child.stdout}${child.stderr}`;
    return {
      status: child.status,
      summary: /^Tests: .*$/m.exec(text)?.[0],
      output: child.status === 0 ? '' : text,
    };
  };

  it('writes Zod schemas, and registers the tool and the form in their module', () => {
    expect(read('src/booking/booking.tool.ts')).toContain(
      '@Args(BookingToolsArgs) args: z.output<typeof BookingToolsArgs>',
    );
    expect(read('src/booking/booking.form.ts')).toContain('export const BookingForm = z');
    expect(read('src/app.module.ts')).toMatch(/tools: \[.*BookingTools/s);
    expect(read('src/app.module.ts')).toMatch(/forms: \[.*BookingForm/s);
  });

  it('refuses --schema zod for a schematic without a schema', async () => {
    const refused = new GenerateAction({ output, cwd: project }).handle({
      schematic: 'service',
      name: 'billing',
      dryRun: true,
      flat: false,
      spec: true,
      schemaLibrary: 'zod',
    });
    await expect(refused).rejects.toThrow('--schema zod applies to a tool or a form, not to a service.');
  });

  it.each([
    ['form', 'src/booking/booking.form.spec.ts', 3],
    ['tool', 'src/booking/booking.tool.spec.ts', 1],
  ])(
    'the generated %s spec passes',
    (_kind, path, count) => {
      expect(runSpec(path)).toStrictEqual({
        status: 0,
        summary: `Tests:       ${count} passed, ${count} total`,
        output: '',
      });
    },
    120_000,
  );
});
