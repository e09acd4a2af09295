import { buildSchematicNames, type SchematicNaming } from './schematic-names.builder.js';

const toolNaming: SchematicNaming = {
  fileRole: 'tool',
  classSuffix: 'Tools',
  redundantSuffixes: ['tool', 'tools'],
};

describe('buildSchematicNames', () => {
  it.each([
    'shopping-cart',
    'ShoppingCart',
    'shoppingCart',
    'shopping_cart',
    'ShoppingCartTools',
    'shopping-cart-tool',
  ])('normalises %p', (raw) => {
    expect(buildSchematicNames(raw, toolNaming, false)).toStrictEqual({
      kebab: 'shopping-cart',
      pascal: 'ShoppingCart',
      camel: 'shoppingCart',
      snake: 'shopping_cart',
      className: 'ShoppingCartTools',
      directory: 'src/shopping-cart',
      fileName: 'shopping-cart.tool.ts',
      specFileName: 'shopping-cart.tool.spec.ts',
      appModuleImport: '../app.module.js',
    });
  });

  it('keeps a lone role word as the name', () => {
    expect(buildSchematicNames('tools', toolNaming, false).className).toBe('ToolsTools');
  });

  it('puts files straight into src with --flat', () => {
    expect(buildSchematicNames('cart', toolNaming, true).directory).toBe('src');
    expect(buildSchematicNames('cart', toolNaming, true).appModuleImport).toBe('./app.module.js');
  });

  it('keeps leading folders', () => {
    const names = buildSchematicNames('Admin/UserAccess', toolNaming, false);
    expect(names.directory).toBe('src/admin/user-access');
    expect(names.appModuleImport).toBe('../../app.module.js');
    expect(buildSchematicNames('admin/user-access', toolNaming, true).directory).toBe('src/admin');
  });

  it("starts from the target module's folder when given one", () => {
    const names = buildSchematicNames(
      'admin-only',
      { ...toolNaming, classSuffix: 'Guard' },
      true,
      'src/orders',
    );
    expect(names.directory).toBe('src/orders');
    expect(names.className).toBe('AdminOnlyGuard');
    expect(names.appModuleImport).toBe('../app.module.js');
  });

  it.each(['', '123', '--'])('rejects %p', (raw) => {
    expect(() => buildSchematicNames(raw, toolNaming, false)).toThrow(/must start with a letter/);
  });
});
