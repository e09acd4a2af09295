import ts from 'typescript';
import { expectMatchesFixture } from '../../../../test/cli/fixture-file.helper.js';
import { projectFilesTemplate } from './project-files.template.js';
import type { ProjectOptions } from './project-options.types.js';

const httpOptions: ProjectOptions = {
  packageName: 'demo',
  elicitorVersion: '^0.1.0',
  defaultTransport: 'http',
  packageManager: 'npm',
};

describe('projectFilesTemplate', () => {
  it('writes exactly the project file set', () => {
    expect(projectFilesTemplate(httpOptions).map((file) => file.path)).toStrictEqual([
      '.gitignore',
      'README.md',
      'jest.config.mjs',
      'package.json',
      'tsconfig.json',
      'src/main.ts',
      'src/app.module.ts',
      'src/greeter/greeter.module.ts',
      'src/greeter/greeter.tool.ts',
      'src/greeter/greeter.tool.spec.ts',
      'src/greeter/greeting.service.ts',
      'src/greeter/name.form.ts',
    ]);
  });

  it.each(projectFilesTemplate(httpOptions).map((file) => [file.path, file.content]))(
    'writes %s for an HTTP project',
    (path, content) => {
      expectMatchesFixture(content, `new-project/http/${path}`);
    },
  );

  it('serves stdio by default with --stdio; only main.ts and README.md differ', () => {
    const http = projectFilesTemplate(httpOptions);
    const stdio = projectFilesTemplate({ ...httpOptions, defaultTransport: 'stdio' });
    for (const [index, file] of stdio.entries()) {
      if (file.path === 'src/main.ts' || file.path === 'README.md') {
        expectMatchesFixture(file.content, `new-project/stdio/${file.path}`);
      } else {
        expect(file).toStrictEqual(http[index]);
      }
    }
  });

  it('names the project and the package manager where they appear', () => {
    const files = projectFilesTemplate({ ...httpOptions, packageName: 'shop-bot', packageManager: 'pnpm' });
    const byPath = new Map(files.map((file) => [file.path, file.content]));
    expect(JSON.parse(byPath.get('package.json') ?? '{}').name).toBe('shop-bot');
    expect(byPath.get('src/main.ts')).toContain(
      `Elicitor.create(AppModule, { name: 'shop-bot', version: '0.1.0' })`,
    );
    expect(byPath.get('README.md')).toContain('`pnpm test`');
    expect(byPath.get('README.md')).toContain('`pnpm inspector --protocol-era modern`');
    expect(byPath.get('jest.config.mjs')).toContain(
      'run `pnpm test`, or NODE_OPTIONS=--experimental-vm-modules npx jest',
    );
  });

  it("lists the dependencies a project needs, elicitor's peers included", () => {
    const manifest = JSON.parse(
      projectFilesTemplate(httpOptions).find((file) => file.path === 'package.json')!.content,
    );
    expect(Object.keys(manifest.dependencies)).toStrictEqual([
      '@modelcontextprotocol/node',
      '@modelcontextprotocol/server',
      'class-transformer',
      'class-validator',
      'elicitor',
      'inversify',
      'reflect-metadata',
    ]);
    expect(manifest.devDependencies).toMatchObject({
      typescript: '6.0.3',
      jest: '30.5.2',
      'ts-jest': '29.4.15',
      esbuild: expect.stringMatching(/^\^\d+\.\d+\.\d+$/),
    });
    expect(manifest.scripts).toStrictEqual({
      build: 'tsc && elicitor build',
      start: 'node dist/main.bundle.mjs',
      'start:dev': 'tsc && (tsc --watch --preserveWatchOutput & node --watch dist/main.js)',
      test: "NODE_OPTIONS='--experimental-vm-modules --no-warnings=ExperimentalWarning' jest",
      inspector:
        'npm run build && npx -y @modelcontextprotocol/inspector@2.12.0 --web node dist/main.bundle.mjs --stdio',
    });
  });

  // TS1378: top-level 'await' is allowed only when module is es2022 or later, i.e. not in CommonJS.
  it('catches a top-level await when compiled as CommonJS (the check below can fail)', () => {
    expect(diagnosticCodesAsCommonJs('await Promise.resolve();\nexport {};\n')).toContain(1378);
  });

  it.each(['http', 'stdio'] as const)(
    'writes a %s main.ts that still compiles once the project is CommonJS (no top-level await)',
    (defaultTransport) => {
      const main = projectFilesTemplate({ ...httpOptions, defaultTransport }).find(
        (file) => file.path === 'src/main.ts',
      )!.content;
      expect(main).toContain('async function main(): Promise<void> {');
      expect(diagnosticCodesAsCommonJs(main)).not.toContain(1378);
    },
  );
});

/** The codes of what tsc reports on this one file compiled as CommonJS, its imports left unresolved. */
function diagnosticCodesAsCommonJs(source: string): number[] {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2022,
    noResolve: true,
    noLib: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === 'main.ts' ? source : readFile(name));
  host.fileExists = (name) => name === 'main.ts';
  return ts
    .getPreEmitDiagnostics(ts.createProgram(['main.ts'], options, host))
    .map((diagnostic) => diagnostic.code);
}
