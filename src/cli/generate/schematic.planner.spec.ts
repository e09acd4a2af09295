import { expectMatchesFixture, readFixture } from '../../../test/cli/fixture-file.helper.js';
import { SCHEMATIC_NAMES } from './schematic.catalog.js';
import { planSchematic, type ProjectReader, type SchematicRequest } from './schematic.planner.js';

class MemoryProject implements ProjectReader {
  constructor(readonly files: Map<string, string> = new Map()) {}
  exists(path: string): boolean {
    return this.files.has(path);
  }
  read(path: string): string {
    const content = this.files.get(path);
    if (content === undefined) throw new Error(`no ${path}`);
    return content;
  }
}

const newProjectMain = readFixture('new-project/http/src/main.ts');
const newProjectModule = readFixture('new-project/http/src/app.module.ts');
/** An app written before the app module: its options inline in main.ts. */
const inlineMain = `import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { GreeterTools } from './greeter/greeter.tool.js';

const app = await Elicitor.create({
  name: 'demo',
  version: '0.1.0',
  tools: [GreeterTools],
});
`;

function request(schematic: SchematicRequest['schematic'], name = 'shopping-cart'): SchematicRequest {
  return { schematic, name, flat: false, spec: true };
}

describe('planSchematic', () => {
  it.each(SCHEMATIC_NAMES.map((schematic) => [schematic]))('generates the %s files', (schematic) => {
    const plan = planSchematic(request(schematic), new MemoryProject());
    expect(plan.creates.map((file) => file.path)).toStrictEqual([
      `src/shopping-cart/shopping-cart.${schematic}.ts`,
      `src/shopping-cart/shopping-cart.${schematic}.spec.ts`,
    ]);
    for (const file of plan.creates)
      expectMatchesFixture(file.content, `generate/${file.path.split('/').pop()}`);
  });

  it('leaves out the spec with --no-spec and the folder with --flat', () => {
    const plan = planSchematic(
      { schematic: 'service', name: 'Billing', flat: true, spec: false },
      new MemoryProject(),
    );
    expect(plan.creates.map((file) => file.path)).toStrictEqual(['src/billing.service.ts']);
    expect(plan.creates[0].content).toContain('export class BillingService {}');
  });

  it('registers a tool, a form, a service and an interceptor in the new-project app module', () => {
    const project = new MemoryProject(
      new Map([
        ['src/main.ts', newProjectMain],
        ['src/app.module.ts', newProjectModule],
      ]),
    );
    for (const schematic of ['tool', 'schema', 'service', 'interceptor'] as const) {
      const plan = planSchematic(request(schematic), project);
      expect(plan.notes).toStrictEqual([]);
      expect(plan.updates.map((update) => update.path)).toStrictEqual(['src/app.module.ts']);
      project.files.set('src/app.module.ts', plan.updates[0].after);
    }
    expectMatchesFixture(project.read('src/app.module.ts'), 'generate/registered-app.module.ts');
    expect(project.read('src/main.ts')).toBe(newProjectMain);
  });

  it('still registers into options written inline in an older main.ts', () => {
    const plan = planSchematic(request('service'), new MemoryProject(new Map([['src/main.ts', inlineMain]])));
    expect(plan.updates[0]!.after).toContain(
      `  tools: [GreeterTools],\n  providers: [ShoppingCartService],\n});`,
    );
  });

  it('prefers src/app.module.ts and imports relative to it', () => {
    const appModule = `import { Elicitor } from 'elicitor';\nexport const app = await Elicitor.create({ name: 'a', version: '1' });\n`;
    const project = new MemoryProject(
      new Map([
        ['src/main.ts', newProjectMain],
        ['src/app.module.ts', appModule],
      ]),
    );
    const plan = planSchematic({ schematic: 'tool', name: 'admin/cart', flat: false, spec: true }, project);
    expect(plan.updates).toStrictEqual([
      {
        path: 'src/app.module.ts',
        before: appModule,
        after:
          `import { Elicitor } from 'elicitor';\nimport { CartTools } from './admin/cart/cart.tool.js';\n` +
          `export const app = await Elicitor.create({ name: 'a', version: '1', tools: [CartTools] });\n`,
      },
    ]);
  });

  it('falls back to main.ts when app.module.ts has no options object', () => {
    const project = new MemoryProject(
      new Map([
        ['src/main.ts', inlineMain],
        ['src/app.module.ts', 'export const tools = [];\n'],
      ]),
    );
    expect(planSchematic(request('tool'), project).updates[0].path).toBe('src/main.ts');
  });

  it('says exactly what to add when it cannot find the options object', () => {
    const main = `import { bootstrap } from './bootstrap.js';\nawait bootstrap();\n`;
    const plan = planSchematic(request('service'), new MemoryProject(new Map([['src/main.ts', main]])));
    expect(plan.updates).toStrictEqual([]);
    expect(plan.notes).toStrictEqual([
      'Could not register ShoppingCartService automatically (src/main.ts: no @Module({ ... }), no ElicitorOptions object and no Elicitor.create({ ... }) call). Add it yourself:',
      "  import { ShoppingCartService } from './shopping-cart/shopping-cart.service.js';",
      "  providers: [..., ShoppingCartService] in the app module's options",
    ]);
  });

  it('says what to add when there is no entry file at all', () => {
    const plan = planSchematic({ ...request('tool'), flat: true }, new MemoryProject());
    expect(plan.notes).toStrictEqual([
      'Could not register ShoppingCartTools automatically (neither src/app.module.ts nor src/main.ts exists). Add it yourself:',
      "  import { ShoppingCartTools } from './shopping-cart.tool.js';",
      "  tools: [..., ShoppingCartTools] in the app module's options",
    ]);
  });

  it('notes a class that is already registered', () => {
    const module = newProjectModule.replace(
      'tools: [GreeterTools]',
      'tools: [GreeterTools, ShoppingCartTools]',
    );
    const plan = planSchematic(request('tool'), new MemoryProject(new Map([['src/app.module.ts', module]])));
    expect(plan.updates).toStrictEqual([]);
    expect(plan.notes).toStrictEqual(['ShoppingCartTools is already in tools in src/app.module.ts.']);
  });

  it('refuses to overwrite an existing file', () => {
    const project = new MemoryProject(new Map([['src/shopping-cart/shopping-cart.tool.ts', '']]));
    expect(() => planSchematic(request('tool'), project)).toThrow(
      'src/shopping-cart/shopping-cart.tool.ts already exists; nothing was written.',
    );
  });
});
