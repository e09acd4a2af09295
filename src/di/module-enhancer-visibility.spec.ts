import 'reflect-metadata';
import { injectable } from 'inversify';
import { Elicitor } from '../app/elicitor.js';
import { Catch } from '../decorators/catch.decorator.js';
import { Global, Module } from '../decorators/module.decorator.js';
import { Tool } from '../decorators/tool.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import { UseFilters } from '../decorators/use-filters.decorator.js';
import { UseGuards } from '../decorators/use-guards.decorator.js';
import type { CanActivate } from '../pipeline/can-activate.js';
import type { ExceptionFilter } from '../pipeline/exception-filter.js';
import { testKeyring } from '../testing/test-keyring.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const settings = {
  name: 'enhancers',
  version: '1.0.0',
  logger: quiet,
  requestState: { keys: testKeyring() },
};

@injectable()
class AccessList {
  allows(): boolean {
    return true;
  }
}

@injectable()
class AccessGuard implements CanActivate {
  constructor(private readonly access: AccessList) {}
  canActivate(): boolean {
    return this.access.allows();
  }
}

@injectable()
@Catch()
class AuditFilter implements ExceptionFilter {
  constructor(private readonly access: AccessList) {}
  catch(): unknown {
    return String(this.access.allows());
  }
}

@Module({ providers: [AccessList], exports: [AccessList] })
class AccessModule {}

@Module({ providers: [AccessList] })
class PrivateAccessModule {}

@Tools()
class Plain {
  @Tool({ description: 'test tool' })
  ping(): string {
    return 'pong';
  }
}

@Tools()
@UseGuards(AccessGuard)
class Guarded {
  @Tool({ description: 'test tool' })
  enter(): string {
    return 'in';
  }
}

@Tools()
class Filtered {
  @Tool({ description: 'test tool' })
  @UseFilters(AuditFilter)
  fail(): string {
    throw new Error('boom');
  }
}

describe('guards and filters of a module are checked against what the module sees', () => {
  it("fails when a module's guard injects a token the module cannot see, naming module, guard and token", async () => {
    @Module({ imports: [PrivateAccessModule], tools: [Plain], guards: [AccessGuard] })
    class ShopModule {}
    await expect(Elicitor.create(ShopModule, settings)).rejects.toThrow(
      'AccessGuard (guard of module ShopModule) cannot be built: it needs AccessList (constructor parameter 1), which module ShopModule cannot see; add AccessList to the providers of module ShopModule, or import a module that exports it',
    );
  });

  it("fails when a module's filter injects a token the module cannot see", async () => {
    @Module({ providers: [AccessList] })
    class OtherModule {}
    @Module({ tools: [Plain], filters: [AuditFilter] })
    class ShopModule {}
    @Module({ imports: [OtherModule, ShopModule] })
    class AppModule {}
    await expect(Elicitor.create(AppModule, settings)).rejects.toThrow(
      'AuditFilter (exception filter of module ShopModule) cannot be built: it needs AccessList (constructor parameter 1), which module ShopModule cannot see',
    );
  });

  it("checks @UseGuards and @UseFilters of a module's tool classes against that module", async () => {
    @Module({ tools: [Guarded] })
    class GuardedModule {}
    @Module({ providers: [AccessList], imports: [GuardedModule] })
    class AppModule {}
    await expect(Elicitor.create(AppModule, settings)).rejects.toThrow(
      'AccessGuard (guard of module GuardedModule) cannot be built',
    );
    @Module({ tools: [Filtered] })
    class FilteredModule {}
    @Module({ providers: [AccessList], imports: [FilteredModule] })
    class OtherAppModule {}
    await expect(Elicitor.create(OtherAppModule, settings)).rejects.toThrow(
      'AuditFilter (exception filter of module FilteredModule) cannot be built',
    );
  });

  it('accepts a guard and a filter whose dependencies the module provides or imports', async () => {
    @Module({ providers: [AccessList], tools: [Plain], guards: [AccessGuard], filters: [AuditFilter] })
    class OwnModule {}
    const own = await Elicitor.create(OwnModule, settings);
    await own.close();
    @Module({ imports: [AccessModule], tools: [Guarded, Filtered] })
    class ImportingModule {}
    const importing = await Elicitor.create(ImportingModule, settings);
    await importing.close();
  });

  it('accepts dependencies a global module exports', async () => {
    @Global()
    @Module({ providers: [AccessList], exports: [AccessList] })
    class GlobalAccessModule {}
    @Module({ tools: [Plain], guards: [AccessGuard], filters: [AuditFilter] })
    class FeatureModule {}
    @Module({ imports: [GlobalAccessModule, FeatureModule] })
    class AppModule {}
    const app = await Elicitor.create(AppModule, settings);
    await app.close();
  });
});
