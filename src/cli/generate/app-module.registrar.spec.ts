import { registerInAppModule, type ModuleRegistration } from './app-module.registrar.js';

const cartTools: ModuleRegistration = {
  className: 'CartTools',
  importPath: './cart/cart.tool.js',
  arrayName: 'tools',
};

const main = `import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { GreeterTools } from './greeter/greeter.tool.js';

const app = await Elicitor.create({
  name: 'demo',
  version: '0.1.0',
  tools: [GreeterTools],
});

await app.listen({ stdio: true });
`;

function updated(source: string, registration: ModuleRegistration): string {
  const result = registerInAppModule(source, registration);
  if (result.status !== 'updated') throw new Error(`expected an update, got ${JSON.stringify(result)}`);
  return result.source;
}

describe('registerInAppModule', () => {
  it('adds to a @Module, creating the array when the module has none', () => {
    const featureModule = `import { Module } from 'elicitor';
import { GreeterTools } from './greeter.tool.js';

@Module({
  imports: [],
  tools: [GreeterTools],
})
export class GreeterModule {}
`;
    const withTool = updated(featureModule, cartTools);
    expect(withTool).toBe(`import { Module } from 'elicitor';
import { GreeterTools } from './greeter.tool.js';
import { CartTools } from './cart/cart.tool.js';

@Module({
  imports: [],
  tools: [GreeterTools, CartTools],
})
export class GreeterModule {}
`);
    const withService = updated(withTool, {
      className: 'CartService',
      importPath: './cart/cart.service.js',
      arrayName: 'providers',
    });
    expect(withService).toContain('  tools: [GreeterTools, CartTools],\n  providers: [CartService],\n})');
    expect(registerInAppModule(withService, cartTools)).toStrictEqual({ status: 'already-registered' });
  });

  it('adds to an exported ElicitorOptions object, the app module layout', () => {
    const appModule = `import type { ElicitorOptions } from 'elicitor';
import { GreeterTools } from './greeter/greeter.tool.js';

export const appModule: ElicitorOptions = {
  name: 'demo',
  version: '0.1.0',
  tools: [GreeterTools],
  providers: [],
};
`;
    expect(
      updated(appModule, {
        className: 'BillingService',
        importPath: './billing.service.js',
        arrayName: 'providers',
      }),
    ).toBe(`import type { ElicitorOptions } from 'elicitor';
import { GreeterTools } from './greeter/greeter.tool.js';
import { BillingService } from './billing.service.js';

export const appModule: ElicitorOptions = {
  name: 'demo',
  version: '0.1.0',
  tools: [GreeterTools],
  providers: [BillingService],
};
`);
  });

  it('appends to a one-line array and imports after the last import', () => {
    expect(updated(main, cartTools)).toBe(`import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { GreeterTools } from './greeter/greeter.tool.js';
import { CartTools } from './cart/cart.tool.js';

const app = await Elicitor.create({
  name: 'demo',
  version: '0.1.0',
  tools: [GreeterTools, CartTools],
});

await app.listen({ stdio: true });
`);
  });

  it('adds a missing array as a new property, keeping the trailing comma style', () => {
    const result = updated(main, {
      className: 'BillingService',
      importPath: './billing/billing.service.js',
      arrayName: 'providers',
    });
    expect(result).toContain(`  tools: [GreeterTools],\n  providers: [BillingService],\n});`);
    expect(result).toContain(`import { BillingService } from './billing/billing.service.js';\n\nconst app`);
  });

  it('adds a property to a one-line options object', () => {
    const source = `import { Elicitor } from 'elicitor';\nconst app = await Elicitor.create({ name: 'x', version: '1', tools: [A] });\n`;
    const result = updated(source, {
      className: 'AuditInterceptor',
      importPath: './audit.interceptor.js',
      arrayName: 'interceptors',
    });
    expect(result).toBe(
      `import { Elicitor } from 'elicitor';\nimport { AuditInterceptor } from './audit.interceptor.js';\n` +
        `const app = await Elicitor.create({ name: 'x', version: '1', tools: [A], interceptors: [AuditInterceptor] });\n`,
    );
  });

  it('follows a multi-line array with and without a trailing comma', () => {
    const withComma = `import { Elicitor } from 'elicitor';\nawait Elicitor.create({\n  tools: [\n    A,\n    B,\n  ],\n});\n`;
    expect(updated(withComma, cartTools)).toContain(`  tools: [\n    A,\n    B,\n    CartTools,\n  ],`);
    const withoutComma = `import { Elicitor } from 'elicitor';\nawait Elicitor.create({\n  tools: [\n    A,\n    B\n  ]\n});\n`;
    expect(updated(withoutComma, cartTools)).toContain(`  tools: [\n    A,\n    B,\n    CartTools\n  ]`);
  });

  it('fills an empty array and an empty options object', () => {
    const emptyArray = `import { Elicitor } from 'elicitor';\nawait Elicitor.create({ name: 'x', tools: [] });\n`;
    expect(updated(emptyArray, cartTools)).toContain(`Elicitor.create({ name: 'x', tools: [CartTools] })`);
    const emptyObject = `import { Elicitor } from 'elicitor';\nawait Elicitor.create({});\n`;
    expect(updated(emptyObject, cartTools)).toContain(`Elicitor.create({ tools: [CartTools] })`);
  });

  it('understands quoted keys and ignores look-alikes in comments and strings', () => {
    const source = [
      `import { Elicitor } from 'elicitor';`,
      `// Elicitor.create({ tools: [Old] })`,
      `const note = "Elicitor.create({ tools: [] })";`,
      `await Elicitor.create({ name: 'a, b: [c]', 'tools': [A] /* tools: [] */ });`,
      ``,
    ].join('\n');
    const result = updated(source, cartTools);
    expect(result).toContain(
      `await Elicitor.create({ name: 'a, b: [c]', 'tools': [A, CartTools] /* tools: [] */ });`,
    );
    expect(result).toContain(`// Elicitor.create({ tools: [Old] })`);
  });

  it('does not repeat an import that is already there', () => {
    const source = `import { Elicitor } from 'elicitor';\nimport { CartTools } from './cart/cart.tool.js';\nawait Elicitor.create({ tools: [] });\n`;
    expect(updated(source, cartTools)).toBe(
      `import { Elicitor } from 'elicitor';\nimport { CartTools } from './cart/cart.tool.js';\nawait Elicitor.create({ tools: [CartTools] });\n`,
    );
  });

  it('reports a class that is already registered', () => {
    expect(registerInAppModule(main, { ...cartTools, className: 'GreeterTools' })).toStrictEqual({
      status: 'already-registered',
    });
  });

  it.each([
    [
      `const app = await Elicitor.create(options);`,
      'no @Module({ ... }), no ElicitorOptions object and no Elicitor.create({ ... }) call',
    ],
    [
      `const app = await createApp();`,
      'no @Module({ ... }), no ElicitorOptions object and no Elicitor.create({ ... }) call',
    ],
    [`await Elicitor.create({ tools: allTools });`, '`tools` is not an array literal'],
    [`await Elicitor.create({ tools });`, '`tools` is not an array literal'],
    [`await Elicitor.create({ tools: [A, B }`, 'the app options object is not closed'],
  ])('gives up on %p', (source, reason) => {
    expect(registerInAppModule(source, cartTools)).toStrictEqual({ status: 'not-found', reason });
  });
});
