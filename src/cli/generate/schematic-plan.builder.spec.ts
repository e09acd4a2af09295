import ts from 'typescript';
import { expectMatchesFixture, readFixture } from '../../../test/cli/fixture-file.helper.js';
import { SCHEMATIC_NAMES, SCHEMATICS } from './schematic.registry.js';
import { planSchematic, type ProjectReader, type SchematicRequest } from './schematic-plan.builder.js';

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

const appModule = readFixture('new-project/http/src/app.module.ts');
const greeterModule = readFixture('new-project/http/src/greeter/greeter.module.ts');

function newProject(): MemoryProject {
  return new MemoryProject(
    new Map([
      ['src/app.module.ts', appModule],
      ['src/greeter/greeter.module.ts', greeterModule],
    ]),
  );
}

function request(schematic: SchematicRequest['schematic'], name = 'shopping-cart'): SchematicRequest {
  return { schematic, name, flat: false, spec: true };
}

/** Plans, then applies the plan to the in-memory project, as the action does on disk. */
function generate(project: MemoryProject, wanted: SchematicRequest) {
  const plan = planSchematic(wanted, project, ts);
  for (const file of plan.creates) project.files.set(file.path, file.content);
  for (const update of plan.updates) project.files.set(update.path, update.after);
  return plan;
}

const KINDS = SCHEMATIC_NAMES.filter((name) => name !== 'schema');

describe('planSchematic', () => {
  it.each(KINDS.map((schematic) => [schematic]))('generates the %s files', (schematic) => {
    const plan = planSchematic(request(schematic), newProject(), ts);
    const role = SCHEMATICS[schematic].fileRole;
    expect(plan.creates.map((file) => file.path)).toStrictEqual([
      `src/shopping-cart/shopping-cart.${role}.ts`,
      ...(schematic === 'ui' ? ['src/shopping-cart/shopping-cart.ui.html'] : []),
      ...(schematic === 'module' ? [] : [`src/shopping-cart/shopping-cart.${role}.spec.ts`]),
    ]);
    for (const file of plan.creates)
      expectMatchesFixture(file.content, `generate/${file.path.split('/').pop()}`);
  });

  it('keeps schema as another name for form', () => {
    expect(planSchematic(request('schema', 'address'), newProject(), ts).creates[0]!.path).toBe(
      'src/address/address.form.ts',
    );
  });

  it.each([
    ['tool', 'tools'],
    ['form', 'forms'],
    ['service', 'providers'],
    ['guard', 'guards'],
    ['filter', 'filters'],
    ['interceptor', 'interceptors'],
  ] as const)(
    'registers a %s in the %s of the module given with --module, in its folder',
    (schematic, list) => {
      const project = newProject();
      const plan = generate(project, { ...request(schematic, 'extra'), module: 'greeter' });
      const role = SCHEMATICS[schematic].fileRole;
      expect(plan.creates.map((file) => file.path)).toStrictEqual([
        `src/greeter/extra.${role}.ts`,
        `src/greeter/extra.${role}.spec.ts`,
      ]);
      expect(plan.updates.map((update) => update.path)).toStrictEqual(['src/greeter/greeter.module.ts']);
      const className = plan.creates[0]!.content.match(/\)\nexport class (\w+)/)![1];
      const edited = project.read('src/greeter/greeter.module.ts');
      expect(edited).toContain(`import { ${className} } from './extra.${role}.js';`);
      expect(edited).toMatch(new RegExp(`${list}: \\[[^\\]]*\\b${className}\\]`));
    },
  );

  it('adds a module to the imports of the app module, and later classes to that module by their folder', () => {
    const project = newProject();
    generate(project, request('module', 'orders'));
    expect(project.read('src/app.module.ts')).toContain('imports: [GreeterModule, OrdersModule],');
    expect(project.read('src/app.module.ts')).toContain(
      "import { OrdersModule } from './orders/orders.module.js';",
    );

    const tool = generate(project, request('tool', 'orders'));
    expect(tool.updates.map((update) => update.path)).toStrictEqual(['src/orders/orders.module.ts']);
    const guard = generate(project, request('guard', 'orders/staff-only'));
    expect(guard.creates[0]!.path).toBe('src/orders/staff-only/staff-only.guard.ts');
    expectMatchesFixture(project.read('src/orders/orders.module.ts'), 'generate/registered-orders.module.ts');
    expect(project.read('src/app.module.ts')).not.toContain('OrdersTools');
  });

  it('registers in the app module when no module folder encloses the name', () => {
    const project = newProject();
    const plan = generate(project, request('service', 'billing'));
    expect(plan.updates.map((update) => update.path)).toStrictEqual(['src/app.module.ts']);
    expect(project.read('src/app.module.ts')).toBe(`import { Module } from 'elicitor';
import { GreeterModule } from './greeter/greeter.module.js';
import { BillingService } from './billing/billing.service.js';

/** The root of the app: main.ts and every spec build the app from it. */
@Module({
  imports: [GreeterModule],
  providers: [BillingService],
})
export class AppModule {}
`);
  });

  it('imports a nested module from the module of the folder above it', () => {
    const project = newProject();
    generate(project, request('module', 'admin'));
    const plan = generate(project, request('module', 'admin/users'));
    expect(plan.creates[0]!.path).toBe('src/admin/users/users.module.ts');
    expect(plan.updates.map((update) => update.path)).toStrictEqual(['src/admin/admin.module.ts']);
    expect(project.read('src/admin/admin.module.ts')).toContain(
      "import { UsersModule } from './users/users.module.js';",
    );
  });

  it('changes nothing when run twice', () => {
    const project = newProject();
    generate(project, { ...request('guard', 'staff'), module: 'greeter' });
    const before = new Map(project.files);
    const again = generate(project, { ...request('guard', 'staff'), module: 'greeter' });
    expect(again.creates).toStrictEqual([]);
    expect(again.updates).toStrictEqual([]);
    expect(again.unchanged).toStrictEqual(['src/greeter/staff.guard.ts', 'src/greeter/staff.guard.spec.ts']);
    expect(again.notes).toStrictEqual(['StaffGuard is already in guards of src/greeter/greeter.module.ts.']);
    expect(project.files).toStrictEqual(before);
  });

  it('leaves out the spec with --no-spec and the folder with --flat', () => {
    const plan = planSchematic(
      { schematic: 'service', name: 'Billing', flat: true, spec: false },
      newProject(),
      ts,
    );
    expect(plan.creates.map((file) => file.path)).toStrictEqual(['src/billing.service.ts']);
    expect(plan.creates[0]!.content).toContain('export class BillingService {}');
  });

  it('fails clearly, writing nothing, when the module of --module does not exist', () => {
    expect(() => planSchematic({ ...request('tool'), module: 'orders' }, newProject(), ts)).toThrow(
      '--module orders: src/orders/orders.module.ts does not exist; nothing was written. Create it with elicitor generate module orders.',
    );
  });

  it('fails clearly when the app module is missing', () => {
    expect(() => planSchematic(request('tool'), new MemoryProject(), ts)).toThrow(
      'src/app.module.ts does not exist, so ShoppingCartTools has no module to go into; nothing was written.',
    );
  });

  it('fails clearly when the module file has no @Module({...}) literal', () => {
    const project = new MemoryProject(
      new Map([['src/app.module.ts', `import { Elicitor } from 'elicitor';\nexport const options = {};\n`]]),
    );
    expect(() => planSchematic(request('service'), project, ts)).toThrow(
      "cannot add ShoppingCartService to src/app.module.ts: it has no class decorated with @Module({ ... }); nothing was written. Add it yourself: import { ShoppingCartService } from './shopping-cart/shopping-cart.service.js' and list it in providers.",
    );
  });

  it('refuses to overwrite a file whose content differs', () => {
    const project = newProject();
    project.files.set('src/shopping-cart/shopping-cart.tool.ts', '');
    expect(() => planSchematic(request('tool'), project, ts)).toThrow(
      'src/shopping-cart/shopping-cart.tool.ts already exists with other content; nothing was written.',
    );
  });
});
