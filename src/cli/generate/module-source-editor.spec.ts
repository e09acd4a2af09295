import ts from 'typescript';
import { registerInModule, type ModuleRegistration } from './module-source-editor.js';

const cartTools: ModuleRegistration = {
  className: 'CartTools',
  importPath: './cart.tool.js',
  arrayName: 'tools',
};

function updated(source: string, registration: ModuleRegistration = cartTools): string {
  const result = registerInModule(ts, source, registration);
  if (result.status !== 'updated') throw new Error(`expected an update, got ${JSON.stringify(result)}`);
  return result.source;
}

describe('registerInModule', () => {
  it('appends to a one-line list and adds the import after the last one', () => {
    const source = `import { Module } from 'elicitor';
import { GreeterTools } from './greeter.tool.js';

@Module({ tools: [GreeterTools] })
export class ShopModule {}
`;
    expect(updated(source)).toBe(`import { Module } from 'elicitor';
import { GreeterTools } from './greeter.tool.js';
import { CartTools } from './cart.tool.js';

@Module({ tools: [GreeterTools, CartTools] })
export class ShopModule {}
`);
  });

  it('follows a one-item-a-line list, with or without a trailing comma', () => {
    const trailing = `import { Module } from 'elicitor';

@Module({
  tools: [
    GreeterTools,
  ],
})
export class ShopModule {}
`;
    expect(updated(trailing)).toContain(`  tools: [\n    GreeterTools,\n    CartTools,\n  ],`);
    const bare = trailing.replace('GreeterTools,\n', 'GreeterTools\n');
    expect(updated(bare)).toContain(`  tools: [\n    GreeterTools,\n    CartTools\n  ],`);
  });

  it('fills an empty list and creates a missing one at the end of the object', () => {
    const source = `import { Module } from 'elicitor';

@Module({
  imports: [],
  providers: [], // filled by generate
})
export class OrdersModule {}
`;
    const withProvider = updated(source, { ...cartTools, className: 'Billing', arrayName: 'providers' });
    expect(withProvider).toContain('  providers: [Billing], // filled by generate\n');
    expect(updated(withProvider, { ...cartTools, arrayName: 'guards', className: 'StaffGuard' })).toContain(
      '  providers: [Billing], // filled by generate\n  guards: [StaffGuard],\n})',
    );
    expect(updated(`import { Module } from 'elicitor';\n@Module({})\nexport class M {}\n`)).toContain(
      '@Module({ tools: [CartTools] })',
    );
  });

  it('adds to the imports of a root module holding dynamic modules', () => {
    const source = `import { Module } from 'elicitor';
import { PaymentModule } from './payment.module.js';

@Module({
  imports: [PaymentModule.forRoot({ provider: 'stripe' })],
})
export class AppModule {}
`;
    const result = updated(source, {
      className: 'OrdersModule',
      importPath: './orders/orders.module.js',
      arrayName: 'imports',
    });
    expect(result).toContain("imports: [PaymentModule.forRoot({ provider: 'stripe' }), OrdersModule],");
  });

  it('picks the @Module class among other classes and decorators, and ignores look-alikes in strings and comments', () => {
    const source = `import { Module, Tools } from 'elicitor';
// @Module({ tools: [] }) in a comment
const text = '@Module({ tools: [] })';

@Tools()
export class Other {}

@Module({ tools: [Other] })
export class ShopModule {}
`;
    expect(updated(source)).toContain('@Module({ tools: [Other, CartTools] })\nexport class ShopModule');
    expect(updated(source)).toContain(
      "// @Module({ tools: [] }) in a comment\nconst text = '@Module({ tools: [] })';",
    );
  });

  it('adds the name to an existing import of the same file, and keeps double quotes', () => {
    const source = `import { Module } from "elicitor";
import { GreeterTools } from "./cart.tool.js";

@Module({ tools: [GreeterTools] })
export class ShopModule {}
`;
    expect(updated(source)).toContain('import { GreeterTools, CartTools } from "./cart.tool.js";');
    const noImport = `import { Module } from "elicitor";\n@Module({})\nexport class M {}\n`;
    expect(updated(noImport)).toContain(`import { CartTools } from "./cart.tool.js";`);
  });

  it('is idempotent: a class already listed is left alone', () => {
    const once = updated(`import { Module } from 'elicitor';\n@Module({ tools: [] })\nexport class M {}\n`);
    expect(registerInModule(ts, once, cartTools)).toStrictEqual({ status: 'already-registered' });
  });

  it('says why when there is no @Module({...}) literal or the list is not an array literal', () => {
    expect(registerInModule(ts, `export const options = { tools: [] };\n`, cartTools)).toStrictEqual({
      status: 'not-found',
      reason: 'it has no class decorated with @Module({ ... })',
    });
    expect(
      registerInModule(ts, `const meta = { tools: [] };\n@Module(meta)\nexport class M {}\n`, cartTools),
    ).toStrictEqual({
      status: 'not-found',
      reason: 'its @Module(...) is not given an object literal ({ ... })',
    });
    expect(registerInModule(ts, `@Module({ tools: TOOLS })\nexport class M {}\n`, cartTools)).toStrictEqual({
      status: 'not-found',
      reason: '`tools` of @Module is not an array literal',
    });
  });
});
