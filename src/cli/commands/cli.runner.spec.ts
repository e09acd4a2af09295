import { CliError } from '../shared/cli.error.js';
import { CapturedOutput } from '../shared/cli-output.js';
import type { CliHandlers } from './cli-handlers.types.js';
import { runCli } from './cli.runner.js';

/** Records what each command handler was given, and returns a chosen exit code. */
function recordingHandlers(exitCode = 0) {
  const calls: Array<[keyof CliHandlers, unknown]> = [];
  const record = (name: keyof CliHandlers) => async (options: unknown) => {
    calls.push([name, options]);
    return exitCode;
  };
  const handlers: CliHandlers = {
    newProject: record('newProject'),
    generate: record('generate'),
    call: record('call'),
    inspect: record('inspect'),
    forms: record('forms'),
    build: record('build'),
  };
  return { handlers, calls };
}

async function run(argv: string[], handlers = recordingHandlers().handlers) {
  const output = new CapturedOutput();
  const exitCode = await runCli(argv, handlers, '1.2.3', output);
  return { exitCode, output };
}

describe('runCli argv parsing', () => {
  it('parses `new` with its defaults', async () => {
    const { handlers, calls } = recordingHandlers();
    expect((await run(['new', 'demo'], handlers)).exitCode).toBe(0);
    expect(calls).toStrictEqual([
      ['newProject', { name: 'demo', transport: 'http', skipInstall: false, packageManager: 'npm' }],
    ]);
  });

  it('parses `new` with every flag', async () => {
    const { handlers, calls } = recordingHandlers();
    await run(
      [
        'new',
        'demo',
        '--stdio',
        '--skip-install',
        '-p',
        'pnpm',
        '--directory',
        'out/demo',
        '--elicitor-version',
        'file:../elicitor',
      ],
      handlers,
    );
    expect(calls).toStrictEqual([
      [
        'newProject',
        {
          name: 'demo',
          transport: 'stdio',
          skipInstall: true,
          packageManager: 'pnpm',
          directory: 'out/demo',
          elicitorVersion: 'file:../elicitor',
        },
      ],
    ]);
  });

  it('rejects --http with --stdio and an unknown package manager', async () => {
    const both = await run(['new', 'demo', '--http', '--stdio']);
    expect(both.exitCode).toBe(1);
    expect(both.output.stderr).toMatch(/cannot be used with/);
    const pm = await run(['new', 'demo', '--package-manager', 'bun']);
    expect(pm.exitCode).toBe(1);
    expect(pm.output.stderr).toMatch(/Allowed choices are npm, pnpm, yarn/);
  });

  it('parses `generate` and its `g` alias', async () => {
    const { handlers, calls } = recordingHandlers();
    await run(['generate', 'tool', 'orders'], handlers);
    await run(
      ['g', 'service', 'admin/Billing', '--dry-run', '--flat', '--no-spec', '--project', 'app'],
      handlers,
    );
    await run(['g', 'guard', 'staff', '-m', 'orders'], handlers);
    expect(calls).toStrictEqual([
      ['generate', { schematic: 'tool', name: 'orders', dryRun: false, flat: false, spec: true }],
      [
        'generate',
        {
          schematic: 'service',
          name: 'admin/Billing',
          dryRun: true,
          flat: true,
          spec: false,
          project: 'app',
        },
      ],
      [
        'generate',
        { schematic: 'guard', name: 'staff', dryRun: false, flat: false, spec: true, module: 'orders' },
      ],
    ]);
  });

  it('rejects an unknown schematic', async () => {
    const { exitCode, output } = await run(['g', 'controller', 'x']);
    expect(exitCode).toBe(1);
    expect(output.stderr).toMatch(
      /Allowed choices are module, tool, form, schema, service, guard, filter, interceptor/,
    );
  });

  it('parses `call` with defaults and with every option', async () => {
    const { handlers, calls } = recordingHandlers();
    await run(['call', 'node dist/main.js --stdio', 'greet'], handlers);
    await run(
      [
        'call',
        'http://localhost:3000/mcp',
        'book',
        '--args',
        '{"city":"Paris"}',
        '--answers',
        'a.json',
        '--era',
        'legacy',
        '--timeout',
        '30',
        '-H',
        'Authorization: Bearer x',
        '-H',
        'X-A: 1',
        '--json',
      ],
      handlers,
    );
    expect(calls).toStrictEqual([
      [
        'call',
        {
          server: 'node dist/main.js --stdio',
          tool: 'greet',
          era: 'auto',
          timeout: 600,
          header: [],
          json: false,
        },
      ],
      [
        'call',
        {
          server: 'http://localhost:3000/mcp',
          tool: 'book',
          args: '{"city":"Paris"}',
          answers: 'a.json',
          era: 'legacy',
          timeout: 30,
          header: ['Authorization: Bearer x', 'X-A: 1'],
          json: true,
        },
      ],
    ]);
  });

  it('rejects a bad era and a bad timeout', async () => {
    expect((await run(['call', 's', 't', '--era', 'future'])).output.stderr).toMatch(
      /Allowed choices are auto, modern, legacy/,
    );
    expect((await run(['call', 's', 't', '--timeout', '0'])).output.stderr).toMatch(
      /expected a whole number above 0/,
    );
  });

  it('parses `forms` with its defaults and its shorthands', async () => {
    const { handlers, calls } = recordingHandlers();
    await run(['forms'], handlers);
    await run(
      ['forms', '--app', 'dist/seed.module.js', '--export', 'seed', '--markdown', '-o', 'FORMS.md'],
      handlers,
    );
    await run(['forms', '--json', '--project', 'apps/bot'], handlers);
    expect(calls).toStrictEqual([
      ['forms', { app: 'dist/app.module.js', format: 'text' }],
      ['forms', { app: 'dist/seed.module.js', format: 'markdown', export: 'seed', out: 'FORMS.md' }],
      ['forms', { app: 'dist/app.module.js', format: 'json', project: 'apps/bot' }],
    ]);
  });

  it('parses `inspect`', async () => {
    const { handlers, calls } = recordingHandlers();
    await run(['inspect', 'http://localhost:3000/mcp', '--json', '--era', 'modern'], handlers);
    expect(calls).toStrictEqual([
      ['inspect', { server: 'http://localhost:3000/mcp', era: 'modern', header: [], json: true }],
    ]);
  });

  it('documents the answers file in `call --help`', async () => {
    const { exitCode, output } = await run(['call', '--help']);
    expect(exitCode).toBe(0);
    expect(output.stdout).toContain('Answers file (--answers file.json)');
    expect(output.stdout).toContain('"byField"');
  });

  it('prints the version', async () => {
    const { exitCode, output } = await run(['--version']);
    expect(exitCode).toBe(0);
    expect(output.stdout).toBe('1.2.3');
  });

  it('passes a handler exit code through', async () => {
    expect((await run(['inspect', 'x'], recordingHandlers(1).handlers)).exitCode).toBe(1);
  });

  it('prints a CliError on one line and uses its exit code', async () => {
    const handlers = recordingHandlers().handlers;
    handlers.generate = async () => {
      throw new CliError('src/x.tool.ts already exists; nothing was written.', 2);
    };
    const { exitCode, output } = await run(['g', 'tool', 'x'], handlers);
    expect(exitCode).toBe(2);
    expect(output.errLines).toStrictEqual(['error: src/x.tool.ts already exists; nothing was written.']);
  });

  it('prints the first line of an unexpected error', async () => {
    const handlers = recordingHandlers().handlers;
    handlers.inspect = async () => {
      throw new Error('socket hang up\n    at somewhere');
    };
    const { exitCode, output } = await run(['inspect', 'x'], handlers);
    expect(exitCode).toBe(1);
    expect(output.errLines).toStrictEqual(['error: socket hang up']);
  });
});

describe('runCli build', () => {
  it('parses `build` with its defaults', async () => {
    const { handlers, calls } = recordingHandlers();
    await run(['build'], handlers);
    expect(calls).toStrictEqual([['build', { entry: 'dist/main.js', out: 'dist/main.bundle.mjs' }]]);
  });

  it('parses `build` options', async () => {
    const { handlers, calls } = recordingHandlers();
    await run(
      ['build', '--entry', 'out/app.js', '-o', 'out/app.mjs', '--external', 'pg,sharp', '--sourcemap'],
      handlers,
    );
    expect(calls).toStrictEqual([
      ['build', { entry: 'out/app.js', out: 'out/app.mjs', external: ['pg', 'sharp'], sourcemap: true }],
    ]);
  });
});
