import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { readFixture } from '../../../test/cli/fixture-file.helper.js';
import { CapturedOutput } from '../shared/cli-output.js';
import type { InstallOutcome, PackageInstaller } from '../shared/package-installer.js';
import type { PackagePacker } from '../shared/package-packer.js';
import { SilentSpinner } from '../shared/terminal-spinner.js';
import { NewAction, type NewActionOptions } from './new.action.js';

class FakeInstaller implements PackageInstaller {
  readonly runs: Array<[string, string]> = [];
  constructor(private readonly outcome: InstallOutcome = { ok: true, log: '' }) {}
  async install(packageManager: string, directory: string): Promise<InstallOutcome> {
    this.runs.push([packageManager, directory]);
    return this.outcome;
  }
}

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** The closing lines: what was created, then the commands to run, one a line. */
function nextSteps(name: string, directory: string, commands: readonly string[]): string[] {
  return [`Created ${name}. Next:`, `  cd ${directory}`, ...commands.map((command) => `  ${command}`)];
}

function setup(installer = new FakeInstaller()) {
  const cwd = mkdtempSync(join(tmpdir(), 'elicitor-new-'));
  const output = new CapturedOutput();
  const action = new NewAction({
    output,
    spinner: new SilentSpinner(),
    installer,
    elicitorVersion: '^0.1.0',
    cwd,
  });
  const options: NewActionOptions = {
    name: 'demo',
    transport: 'http',
    skipInstall: false,
    packageManager: 'npm',
  };
  return { cwd, output, action, installer, options };
}

describe('NewAction', () => {
  it('writes the project files into ./<name> and installs', async () => {
    const { cwd, output, action, installer, options } = setup();

    expect(await action.handle(options)).toBe(0);

    const root = join(cwd, 'demo');
    expect(listFiles(root)).toStrictEqual([
      '.gitignore',
      'README.md',
      'jest.config.mjs',
      'package.json',
      'src/app.module.ts',
      'src/greeter/greeter.module.ts',
      'src/greeter/greeter.tool.spec.ts',
      'src/greeter/greeter.tool.ts',
      'src/greeter/greeting.service.ts',
      'src/greeter/name.form.ts',
      'src/main.ts',
      'tsconfig.json',
    ]);
    expect(readFileSync(join(root, 'src/main.ts'), 'utf8')).toBe(readFixture('new-project/http/src/main.ts'));
    expect(installer.runs).toStrictEqual([['npm', root]]);
    expect(output.outLines).toContain('CREATE demo/src/main.ts');
    expect(output.outLines.slice(-5)).toStrictEqual(
      nextSteps('demo', 'demo', ['npm test', 'npm run build', 'npm start']),
    );
  });

  it('normalises the name and honours --directory, --stdio and --skip-install', async () => {
    const { cwd, output, action, installer, options } = setup();

    await action.handle({
      ...options,
      name: 'ShopBot',
      directory: 'apps/bot',
      transport: 'stdio',
      skipInstall: true,
    });

    const root = join(cwd, 'apps/bot');
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name).toBe('shop-bot');
    expect(readFileSync(join(root, 'src/main.ts'), 'utf8')).toContain(
      '} else {\n    await app.listen({ stdio: true });',
    );
    expect(installer.runs).toStrictEqual([]);
    expect(output.outLines[0]).toBe(
      'Using "shop-bot" as the package name: npm refuses "ShopBot" as a package name, so it was written in kebab-case.',
    );
    expect(output.outLines.slice(-6)).toStrictEqual(
      nextSteps('shop-bot', 'apps/bot', ['npm install', 'npm test', 'npm run build', 'npm start']),
    );
  });

  it('keeps a name npm accepts as it is: app2 stays app2, in ./app2', async () => {
    const { cwd, output, action, options } = setup();

    await action.handle({ ...options, name: 'app2', skipInstall: true });

    expect(JSON.parse(readFileSync(join(cwd, 'app2', 'package.json'), 'utf8')).name).toBe('app2');
    expect(output.outLines[0]).toBe('CREATE app2/.gitignore');
    expect(output.outLines.slice(-6)).toStrictEqual(
      nextSteps('app2', 'app2', ['npm install', 'npm test', 'npm run build', 'npm start']),
    );
  });

  it('says which package and folder name it made of a name npm refuses', async () => {
    const { cwd, output, action, options } = setup();

    await action.handle({ ...options, name: 'My_App', skipInstall: true });

    expect(readdirSync(cwd)).toStrictEqual(['my-app']);
    expect(output.outLines[0]).toBe(
      'Using "my-app" as the package and folder name: npm refuses "My_App" as a package name, so it was written in kebab-case.',
    );
  });

  it('refuses a folder that is not empty', async () => {
    const { cwd, action, options } = setup();
    mkdirSync(join(cwd, 'demo'));
    writeFileSync(join(cwd, 'demo', 'keep.txt'), 'x');
    await expect(action.handle(options)).rejects.toThrow(
      `${join(cwd, 'demo')} already exists and is not empty.`,
    );
  });

  it('rejects a name without letters', async () => {
    const { action, options } = setup();
    await expect(action.handle({ ...options, name: '123' })).rejects.toThrow('Invalid project name "123"');
  });

  it('reports a failed install with the package manager output', async () => {
    const { output, action, options } = setup(
      new FakeInstaller({ ok: false, log: 'npm ERR! 404 elicitor\n' }),
    );
    await expect(action.handle(options)).rejects.toThrow(
      'npm install failed in demo; fix the problem above and run it there yourself.',
    );
    expect(output.errLines).toContain('npm ERR! 404 elicitor');
  });
});

class RecordingPacker implements PackagePacker {
  readonly runs: Array<[string, string]> = [];
  constructor(private readonly failure?: Error) {}
  async pack(packageRoot: string, destination: string): Promise<string> {
    this.runs.push([packageRoot, destination]);
    if (this.failure) throw this.failure;
    writeFileSync(join(destination, 'elicitor-0.1.0.tgz'), 'tarball');
    return 'elicitor-0.1.0.tgz';
  }
}

describe('NewAction from a local build', () => {
  function localSetup(packer: RecordingPacker) {
    const cwd = mkdtempSync(join(tmpdir(), 'elicitor-new-local-'));
    const output = new CapturedOutput();
    const action = new NewAction({
      output,
      spinner: new SilentSpinner(),
      installer: new FakeInstaller(),
      elicitorVersion: '^0.1.0',
      localPackage: { root: join(cwd, 'checkout'), packer },
      cwd,
    });
    const options: NewActionOptions = {
      name: 'demo',
      transport: 'http',
      skipInstall: true,
      packageManager: 'npm',
    };
    return { cwd, output, action, options };
  }

  const dependencyIn = (root: string): string =>
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies.elicitor;

  it('packs the local package into the project and depends on that tarball', async () => {
    const packer = new RecordingPacker();
    const { cwd, output, action, options } = localSetup(packer);

    expect(await action.handle(options)).toBe(0);

    const root = join(cwd, 'demo');
    expect(packer.runs).toStrictEqual([[join(cwd, 'checkout'), root]]);
    expect(dependencyIn(root)).toBe('file:elicitor-0.1.0.tgz');
    expect(readFileSync(join(root, 'elicitor-0.1.0.tgz'), 'utf8')).toBe('tarball');
    expect(output.outLines.some((line) => line.startsWith('PACK demo/elicitor-0.1.0.tgz'))).toBe(true);
  });

  it('writes --elicitor-version as given and packs nothing', async () => {
    const packer = new RecordingPacker();
    const { cwd, action, options } = localSetup(packer);

    await action.handle({ ...options, elicitorVersion: '^0.2.0' });

    expect(packer.runs).toStrictEqual([]);
    expect(dependencyIn(join(cwd, 'demo'))).toBe('^0.2.0');
  });

  it('says how to go on when the local package cannot be packed', async () => {
    const { action, options } = localSetup(new RecordingPacker(new Error('npm pack failed: no dist')));
    await expect(action.handle(options)).rejects.toThrow(
      'Could not pack the local elicitor package: npm pack failed: no dist. Build it first, or pass --elicitor-version.',
    );
  });
});
