import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFixture } from '../../../test/cli/fixture-file.helper.js';
import { CapturedOutput } from '../shared/cli-output.js';
import { GenerateAction, type GenerateActionOptions } from './generate.action.js';

function newProject(under = '.'): string {
  const root = mkdtempSync(join(tmpdir(), 'elicitor-generate-'));
  for (const path of ['src/app.module.ts', 'src/greeter/greeter.module.ts']) {
    mkdirSync(join(root, under, path, '..'), { recursive: true });
    writeFileSync(join(root, under, path), readFixture(`new-project/http/${path}`));
  }
  return root;
}

const toolOptions: GenerateActionOptions = {
  schematic: 'tool',
  name: 'shopping-cart',
  dryRun: false,
  flat: false,
  spec: true,
};

describe('GenerateAction', () => {
  it('writes the files and registers the class in src/app.module.ts', async () => {
    const root = newProject();
    const output = new CapturedOutput();

    await new GenerateAction({ output, cwd: root }).handle(toolOptions);

    expect(readFileSync(join(root, 'src/shopping-cart/shopping-cart.tool.ts'), 'utf8')).toBe(
      readFixture('generate/shopping-cart.tool.ts'),
    );
    expect(existsSync(join(root, 'src/shopping-cart/shopping-cart.tool.spec.ts'))).toBe(true);
    expect(readFileSync(join(root, 'src/app.module.ts'), 'utf8')).toContain(
      '  imports: [GreeterModule],\n  tools: [ShoppingCartTools],\n',
    );
    expect(output.outLines).toStrictEqual([
      `CREATE src/shopping-cart/shopping-cart.tool.ts (${readFixture('generate/shopping-cart.tool.ts').length} bytes)`,
      `CREATE src/shopping-cart/shopping-cart.tool.spec.ts (${readFixture('generate/shopping-cart.tool.spec.ts').length} bytes)`,
      'UPDATE src/app.module.ts',
    ]);
  });

  it('registers in the module given with --module, and a second run changes nothing', async () => {
    const root = newProject();
    const options: GenerateActionOptions = {
      ...toolOptions,
      schematic: 'filter',
      name: 'declined',
      module: 'greeter',
    };
    await new GenerateAction({ output: new CapturedOutput(), cwd: root }).handle(options);
    const module = readFileSync(join(root, 'src/greeter/greeter.module.ts'), 'utf8');
    expect(module).toContain("import { DeclinedFilter } from './declined.filter.js';");
    expect(module).toContain('  filters: [DeclinedFilter],\n');

    const output = new CapturedOutput();
    expect(await new GenerateAction({ output, cwd: root }).handle(options)).toBe(0);
    expect(readFileSync(join(root, 'src/greeter/greeter.module.ts'), 'utf8')).toBe(module);
    expect(output.outLines).toStrictEqual([
      'SKIP src/greeter/declined.filter.ts (unchanged)',
      'SKIP src/greeter/declined.filter.spec.ts (unchanged)',
      'DeclinedFilter is already in filters of src/greeter/greeter.module.ts.',
    ]);
  });

  it('prints contents and the diff on --dry-run and writes nothing', async () => {
    const root = newProject('app');
    const appModule = readFileSync(join(root, 'app/src/app.module.ts'), 'utf8');
    const output = new CapturedOutput();

    await new GenerateAction({ output, cwd: root }).handle({
      ...toolOptions,
      schematic: 'module',
      name: 'billing',
      dryRun: true,
      project: 'app',
    });

    expect(existsSync(join(root, 'app/src/billing'))).toBe(false);
    expect(readFileSync(join(root, 'app/src/app.module.ts'), 'utf8')).toBe(appModule);
    expect(output.outLines).toContain('    export class BillingModule {}');
    expect(output.outLines.slice(-5)).toStrictEqual([
      'UPDATE src/app.module.ts',
      "    + import { BillingModule } from './billing/billing.module.js';",
      '    -   imports: [GreeterModule],',
      '    +   imports: [GreeterModule, BillingModule],',
      'Dry run: nothing was written.',
    ]);
  });

  it('fails with a clear error and writes nothing when the module file has no @Module literal', async () => {
    const root = mkdtempSync(join(tmpdir(), 'elicitor-generate-'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src/app.module.ts'), 'export const options = {};\n');

    await expect(
      new GenerateAction({ output: new CapturedOutput(), cwd: root }).handle({
        ...toolOptions,
        schematic: 'interceptor',
        name: 'audit',
      }),
    ).rejects.toThrow(
      'cannot add AuditInterceptor to src/app.module.ts: it has no class decorated with @Module',
    );
    expect(existsSync(join(root, 'src/audit'))).toBe(false);
  });
});
