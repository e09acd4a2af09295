import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { GenerateAction } from '../../src/cli/actions/generate.action.js';
import { CapturedOutput } from '../../src/cli/shared/cli-output.js';
import { readFixture } from './fixture-file.helper.js';
import { cleanEnv, repoRoot } from './support/scaffold.helper.js';

/**
 * The spec `elicitor generate form` writes keeps passing once the user edits the form: run by Jest in a
 * child process, against this repository's build (`npm run build` first), as the placeholder is written
 * and again after fields of every kind are added.
 */
const ADDRESS_FORM_EDITED = `import { IsBoolean, IsEmail, IsIn, IsInt, IsOptional, Length, Max, MinDate, Min } from 'class-validator';
import { ElicitSchema, Field } from 'elicitor';

@ElicitSchema()
export class AddressForm {
  @Field({ description: 'Street and number' })
  @Length(3, 120)
  street!: string;

  @Field({ description: 'Where to send the receipt' })
  @IsEmail()
  email!: string;

  @Field({ description: 'How many parcels' })
  @IsInt()
  @Min(2)
  @Max(9)
  parcels!: number;

  @Field({ description: 'Delivery speed' })
  @IsIn(['standard', 'express'])
  speed!: string;

  @Field({ format: 'date', description: 'Day of delivery' })
  @MinDate(() => new Date('2026-01-01'))
  deliveryDay!: Date;

  @Field({ description: 'Pick-up time' })
  pickUpAt!: Date;

  @Field({ description: 'Leave at the door' })
  @IsOptional()
  @IsBoolean()
  leaveAtDoor?: boolean;
}
`;

describe('the spec elicitor generate form writes', () => {
  // Inside the repository, so the child Jest resolves 'elicitor' to this build and uses its config.
  const project = mkdtempSync(join(repoRoot, 'test', 'cli', 'generated-form-'));

  beforeAll(async () => {
    for (const path of ['src/app.module.ts', 'src/greeter/greeter.module.ts']) {
      mkdirSync(join(project, path, '..'), { recursive: true });
      writeFileSync(join(project, path), readFixture(`new-project/http/${path}`));
    }
    await new GenerateAction({ output: new CapturedOutput(), cwd: project }).handle({
      schematic: 'form',
      name: 'address',
      dryRun: false,
      flat: false,
      spec: true,
    });
  });

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const formPath = (): string => join(project, 'src', 'address', 'address.form.ts');
  /** Jest's exit status and summary line; its whole output too when it failed, to show why. */
  const runGeneratedSpec = (): { status: number | null; summary: string | undefined; output: string } => {
    const child = spawnSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--runInBand',
        relative(repoRoot, join(project, 'src', 'address', 'address.form.spec.ts')),
      ],
      {
        cwd: repoRoot,
        env: cleanEnv({ NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' }),
        encoding: 'utf8',
      },
    );
    const output = `${child.stdout}${child.stderr}`;
    return {
      status: child.status,
      summary: /^Tests: .*$/m.exec(output)?.[0],
      output: child.status === 0 ? '' : output,
    };
  };

  it('passes on the placeholder form', () => {
    expect(readFileSync(formPath(), 'utf8')).toContain('answer!: string;');
    expect(runGeneratedSpec()).toStrictEqual({
      status: 0,
      summary: 'Tests:       3 passed, 3 total',
      output: '',
    });
  }, 120_000);

  it('still passes once the form is edited: other fields, every kind, dates included, rules of their own', () => {
    writeFileSync(formPath(), ADDRESS_FORM_EDITED);
    expect(runGeneratedSpec()).toStrictEqual({
      status: 0,
      summary: 'Tests:       3 passed, 3 total',
      output: '',
    });
  }, 120_000);
});
