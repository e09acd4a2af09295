import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliBin, elicitor, run, scaffoldFromPack } from './support/scaffold.helper.js';
import { describeWhen } from '../support/test-requirements.js';

/**
 * The layout promise: a project from `elicitor new`, extended with `elicitor generate` (a module with a
 * tool, a form, a service and an interceptor; a guard and a filter in the greeter module), builds with
 * tsc and `elicitor build` and passes its own tests, and keeps passing once the tool injects the
 * generated service, because the generated specs build the app's real root module. `elicitor forms`
 * lists the forms of every module from the built app module, through the installed package.
 *
 * Opt-in: run it with ELICITOR_E2E_NEW=1 after `npm run build` (it packs dist/). It needs network
 * access for `npm install` and takes a few minutes. ELICITOR_E2E_KEEP=1 keeps the temp project.
 */
const describeWhenEnabled = describeWhen('newProject');
const STEP_TIMEOUT = 10 * 60_000;

const ORDERS_TOOL_WITH_SERVICE = `import { Ctx, Tool, Tools, type Context } from 'elicitor';
import { BillingService } from './billing.service.js';

@Tools()
export class OrdersTools {
  constructor(private readonly billing: BillingService) {}

  @Tool({ description: 'Describe what orders does' })
  async orders(@Ctx() ctx: Context): Promise<string> {
    return this.billing instanceof BillingService ? 'orders done' : 'no billing';
  }
}
`;

describeWhenEnabled(
  'elicitor new + generate: the generated project passes its tests (ELICITOR_E2E_NEW=1)',
  () => {
    let workDir = '';
    let projectDir = '';

    beforeAll(() => {
      workDir = mkdtempSync(join(tmpdir(), 'elicitor-generate-e2e-'));
    });

    afterAll(() => {
      if (workDir && process.env.ELICITOR_E2E_KEEP !== '1') rmSync(workDir, { recursive: true, force: true });
    });

    it(
      'scaffolds against the packed package and installs',
      () => {
        expect(existsSync(cliBin)).toBe(true); // run `npm run build` first
        projectDir = scaffoldFromPack(workDir, 'demo');
        expect(existsSync(join(projectDir, 'src', 'app.module.ts'))).toBe(true);
      },
      STEP_TIMEOUT,
    );

    it('generates a module, fills it by its folder, and adds a guard and a filter to the greeter module', () => {
      expect(elicitor(['generate', 'module', 'orders'], projectDir)).toContain('UPDATE src/app.module.ts');
      // src/orders/orders.tool.ts, then src/orders/<name>.<kind>.ts: all in the folder of OrdersModule.
      for (const args of [
        ['tool', 'orders'],
        ['form', 'orders/address', '--flat'],
        ['service', 'orders/billing', '--flat'],
        ['interceptor', 'orders/audit', '--flat'],
      ]) {
        expect(elicitor(['generate', ...args], projectDir)).toContain('UPDATE src/orders/orders.module.ts');
      }
      for (const [schematic, name] of [
        ['guard', 'staff-only'],
        ['filter', 'out-of-stock'],
      ]) {
        expect(elicitor(['generate', schematic!, name!, '--module', 'greeter'], projectDir)).toContain(
          'UPDATE src/greeter/greeter.module.ts',
        );
      }
      // Twice changes nothing.
      expect(elicitor(['generate', 'guard', 'staff-only', '--module', 'greeter'], projectDir)).toContain(
        'StaffOnlyGuard is already in guards of src/greeter/greeter.module.ts.',
      );
      const appModule = readFileSync(join(projectDir, 'src', 'app.module.ts'), 'utf8');
      expect(appModule).toContain('imports: [GreeterModule, OrdersModule],');
      const ordersModule = readFileSync(join(projectDir, 'src', 'orders', 'orders.module.ts'), 'utf8');
      expect(ordersModule).toContain('tools: [OrdersTools],');
      expect(ordersModule).toContain('providers: [BillingService],');
      expect(ordersModule).toContain('forms: [AddressForm],');
      expect(ordersModule).toContain('interceptors: [AuditInterceptor],');
      const greeterModule = readFileSync(join(projectDir, 'src', 'greeter', 'greeter.module.ts'), 'utf8');
      expect(greeterModule).toContain('guards: [StaffOnlyGuard],');
      expect(greeterModule).toContain('filters: [OutOfStockFilter],');
      expect(greeterModule.match(/StaffOnlyGuard/g)).toHaveLength(2);
    });

    it(
      'builds (tsc, then the elicitor build bundle) and passes npm test: every generated spec runs',
      () => {
        const built = run('npm', ['run', 'build'], projectDir);
        expect(built).toContain('dist/main.bundle.mjs');
        expect(existsSync(join(projectDir, 'dist', 'main.bundle.mjs'))).toBe(true);
        const report = runJestJson(projectDir);
        expect(report.numFailedTests).toBe(0);
        expect(report.suites.sort()).toStrictEqual([
          'src/greeter/greeter.tool.spec.ts',
          'src/greeter/out-of-stock.filter.spec.ts',
          'src/greeter/staff-only.guard.spec.ts',
          'src/orders/address.form.spec.ts',
          'src/orders/audit.interceptor.spec.ts',
          'src/orders/billing.service.spec.ts',
          'src/orders/orders.tool.spec.ts',
        ]);
      },
      STEP_TIMEOUT,
    );

    it('lists the forms of every module with elicitor forms, from the built app module', () => {
      const listing = JSON.parse(elicitor(['forms', '--json'], projectDir)) as {
        app: unknown;
        forms: Array<{ name: string; schema: unknown }>;
      };
      expect(listing.app).toStrictEqual({ name: 'demo', version: '0.1.0' });
      expect(listing.forms.map((form) => form.name)).toStrictEqual(['NameForm', 'AddressForm']);
      expect(listing.forms[1]!.schema).toStrictEqual({
        type: 'object',
        properties: {
          answer: {
            type: 'string',
            description: 'Replace with the fields you want to ask for',
            minLength: 1,
            maxLength: 200,
          },
        },
        required: ['answer'],
      });
    });

    it(
      'still passes once the tool injects the generated service',
      () => {
        writeFileSync(join(projectDir, 'src', 'orders', 'orders.tool.ts'), ORDERS_TOOL_WITH_SERVICE);
        const report = runJestJson(projectDir);
        expect(report.numFailedTests).toBe(0);
        expect(report.numPassedTests).toBeGreaterThanOrEqual(12);
      },
      STEP_TIMEOUT,
    );
  },
);

/** Runs the project's tests through its own `npm test`, reading Jest's JSON report. */
function runJestJson(projectDir: string): {
  numFailedTests: number;
  numPassedTests: number;
  suites: string[];
} {
  const reportPath = join(projectDir, 'jest-report.json');
  run('npm', ['test', '--', '--json', `--outputFile=${reportPath}`], projectDir);
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
    numFailedTests: number;
    numPassedTests: number;
    testResults: Array<{ name: string }>;
  };
  return {
    numFailedTests: report.numFailedTests,
    numPassedTests: report.numPassedTests,
    suites: report.testResults.map((result) => result.name.slice(projectDir.length + 1)),
  };
}
