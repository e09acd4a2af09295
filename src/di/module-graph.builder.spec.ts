import 'reflect-metadata';
import { Global, Module } from '../decorators/module.decorator.js';
import { ModuleDefinitionError } from '../errors/module-definition.error.js';
import type { DynamicModule } from '../metadata/module.metadata.js';
import { buildModuleGraph } from './module-graph.builder.js';

const TOKEN_A = Symbol('A');
const TOKEN_B = Symbol('B');
const TOKEN_HIDDEN = Symbol('Hidden');

@Module({
  providers: [
    { provide: TOKEN_A, useValue: 1 },
    { provide: TOKEN_HIDDEN, useValue: 0 },
  ],
  exports: [TOKEN_A],
})
class AModule {}

@Module({ imports: [AModule], providers: [{ provide: TOKEN_B, useValue: 2 }], exports: [TOKEN_B, AModule] })
class BModule {}

@Module({ imports: [BModule] })
class RootModule {}

describe('buildModuleGraph', () => {
  it('orders modules imports first and passes re-exported modules on', async () => {
    const graph = await buildModuleGraph(RootModule);
    expect(graph.modules.map((node) => node.name)).toStrictEqual(['AModule', 'BModule', 'RootModule']);
    expect(graph.root.visible.has(TOKEN_B)).toBe(true);
    expect(graph.root.visible.has(TOKEN_A)).toBe(true);
    expect(graph.root.visible.has(TOKEN_HIDDEN)).toBe(false);
  });

  it('names the cycle of circular imports', async () => {
    class First {}
    class Second {}
    Module({ imports: [Second] })(First);
    Module({ imports: [First] })(Second);
    await expect(buildModuleGraph(First)).rejects.toThrow('circular module imports: First → Second → First');
  });

  it('merges a dynamic module into its class and awaits an async one', async () => {
    const OPTIONS = Symbol('Options');
    @Module({ providers: [{ provide: TOKEN_B, useValue: 'static' }], exports: [TOKEN_B] })
    class ConfigModule {
      static forRoot(value: string): Promise<DynamicModule> {
        return Promise.resolve({
          module: ConfigModule,
          providers: [{ provide: OPTIONS, useValue: value }],
          exports: [OPTIONS],
        });
      }
    }
    @Module({ imports: [ConfigModule.forRoot('x')] })
    class App {}
    const graph = await buildModuleGraph(App);
    const config = graph.modules[0]!;
    expect(config.providers).toHaveLength(2);
    expect([...graph.root.visible]).toStrictEqual(expect.arrayContaining([OPTIONS, TOKEN_B]));
  });

  it('makes a global module visible without an import', async () => {
    const SHARED = Symbol('Shared');
    @Global()
    @Module({ providers: [{ provide: SHARED, useValue: 1 }], exports: [SHARED] })
    class SharedModule {}
    @Module({})
    class Feature {}
    @Module({ imports: [SharedModule, Feature] })
    class App {}
    const graph = await buildModuleGraph(App);
    const feature = graph.modules.find((node) => node.name === 'Feature')!;
    expect(feature.visible.has(SHARED)).toBe(true);
  });

  it('rejects exporting what a module neither provides nor imports', async () => {
    @Module({ exports: [TOKEN_A] })
    class Boasting {}
    await expect(buildModuleGraph(Boasting)).rejects.toThrow(
      'module Boasting exports Symbol(A), which is neither one of its providers nor exported by a module it imports',
    );
  });

  it('rejects a module class without @Module, and two configurations of one module', async () => {
    class Plain {}
    @Module({ imports: [Plain] })
    class App {}
    await expect(buildModuleGraph(App)).rejects.toThrow('Plain (imported by App) has no @Module() decorator');
    @Module({})
    class Configurable {}
    @Module({ imports: [{ module: Configurable }, { module: Configurable }] })
    class Twice {}
    await expect(buildModuleGraph(Twice)).rejects.toBeInstanceOf(ModuleDefinitionError);
  });

  it('rejects one token provided by two modules', async () => {
    @Module({ providers: [{ provide: TOKEN_A, useValue: 1 }] })
    class One {}
    @Module({ imports: [One], providers: [{ provide: TOKEN_A, useValue: 2 }] })
    class Two {}
    await expect(buildModuleGraph(Two)).rejects.toThrow(
      'Symbol(A) is provided by both module One and module Two',
    );
  });
});
