import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFixture } from '../../../test/cli/fixture-file.helper.js';
import { CapturedOutput } from '../shared/cli.output.js';
import { GenerateAction, type GenerateActionOptions } from './generate.action.js';

function project(main?: string, appModule?: string): string {
  const root = mkdtempSync(join(tmpdir(), 'elicitor-generate-'));
  mkdirSync(join(root, 'src'));
  if (main !== undefined) writeFileSync(join(root, 'src/main.ts'), main);
  if (appModule !== undefined) writeFileSync(join(root, 'src/app.module.ts'), appModule);
  return root;
}

const newProject = (): string =>
  project(readFixture('new-project/http/src/main.ts'), readFixture('new-project/http/src/app.module.ts'));

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
      'tools: [GreeterTools, ShoppingCartTools],',
    );
    expect(output.outLines).toStrictEqual([
      `CREATE src/shopping-cart/shopping-cart.tool.ts (${readFixture('generate/shopping-cart.tool.ts').length} bytes)`,
      `CREATE src/shopping-cart/shopping-cart.tool.spec.ts (${readFixture('generate/shopping-cart.tool.spec.ts').length} bytes)`,
      'UPDATE src/app.module.ts',
    ]);
  });

  it('prints contents and the diff on --dry-run and writes nothing', async () => {
    const appModule = readFixture('new-project/http/src/app.module.ts');
    const root = mkdtempSync(join(tmpdir(), 'elicitor-generate-'));
    mkdirSync(join(root, 'app/src'), { recursive: true });
    writeFileSync(join(root, 'app/src/app.module.ts'), appModule);
    const output = new CapturedOutput();

    await new GenerateAction({ output, cwd: root }).handle({
      ...toolOptions,
      schematic: 'service',
      name: 'billing',
      dryRun: true,
      project: 'app',
    });

    expect(existsSync(join(root, 'app/src/billing'))).toBe(false);
    expect(readFileSync(join(root, 'app/src/app.module.ts'), 'utf8')).toBe(appModule);
    expect(output.outLines).toContain('    export class BillingService {}');
    expect(output.outLines.slice(-5)).toStrictEqual([
      'UPDATE src/app.module.ts',
      "    + import { BillingService } from './billing/billing.service.js';",
      '    -   providers: [],',
      '    +   providers: [BillingService],',
      'Dry run: nothing was written.',
    ]);
  });

  it('writes the files and prints what to add when it cannot register', async () => {
    const root = project(`import { start } from './start.js';\nawait start();\n`);
    const output = new CapturedOutput();

    await new GenerateAction({ output, cwd: root }).handle({
      ...toolOptions,
      schematic: 'interceptor',
      name: 'audit',
      spec: false,
    });

    expect(existsSync(join(root, 'src/audit/audit.interceptor.ts'))).toBe(true);
    expect(output.outLines.slice(1)).toStrictEqual([
      'Could not register AuditInterceptor automatically (src/main.ts: no @Module({ ... }), no ElicitorOptions object and no Elicitor.create({ ... }) call). Add it yourself:',
      "  import { AuditInterceptor } from './audit/audit.interceptor.js';",
      "  interceptors: [..., AuditInterceptor] in the app module's options",
    ]);
  });
});
