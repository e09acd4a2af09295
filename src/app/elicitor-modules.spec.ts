import 'reflect-metadata';
import { inject, injectable } from 'inversify';
import { Ctx } from '../decorators/ctx.decorator.js';
import { Global, Module } from '../decorators/module.decorator.js';
import { Tool } from '../decorators/tool.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import type { Context } from '../context/context.js';
import type { AsyncModuleOptions, DynamicModule } from '../metadata/module.metadata.js';
import type { CallInfo } from '../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../pipeline/elicitor-interceptor.js';
import { TestClient } from '../testing/test-client.js';
import { testKeyring } from '../testing/test-keyring.js';
import { Elicitor } from './elicitor.js';
import type { ElicitorApp } from './elicitor-app.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const settings = { name: 'modules', version: '1.0.0', logger: quiet, requestState: { keys: testKeyring() } };

@injectable()
class Ledger {
  balance(): number {
    return 40;
  }
}

@injectable()
class Rates {
  rate(): number {
    return 2;
  }
}

@Module({ providers: [Ledger, { provide: 'HIDDEN', useValue: 'internal' }], exports: [Ledger] })
class LedgerModule {}

@Module({ imports: [LedgerModule], providers: [Rates], exports: [Rates, LedgerModule] })
class FinanceModule {}

async function textOfCall(app: ElicitorApp, name: string): Promise<string> {
  const { body } = await TestClient.forApp(app).request('tools/call', { name, arguments: {} });
  const result = body.result as { content?: Array<{ text: string }> } | undefined;
  if (!result) throw new Error(JSON.stringify(body.error));
  return result.content!.map((block) => block.text).join('');
}

describe('Elicitor.create with modules', () => {
  it('lets a tool inject its own providers, imported exports and re-exported modules', async () => {
    @injectable()
    class Fee {
      readonly amount = 1;
    }
    @Tools()
    class Account {
      constructor(
        private readonly ledger: Ledger,
        private readonly rates: Rates,
        private readonly fee: Fee,
      ) {}
      @Tool({ description: 'test tool' })
      total(): string {
        return String(this.ledger.balance() * this.rates.rate() + this.fee.amount);
      }
    }
    @Module({ imports: [FinanceModule], tools: [Account], providers: [Fee] })
    class AppModule {}
    const app = await Elicitor.create(AppModule, settings);
    expect(await textOfCall(app, 'total')).toBe('81');
    await app.close();
  });

  it('fails at bootstrap when a tool injects what its module cannot see, naming module and token', async () => {
    @Tools()
    class Peek {
      constructor(@inject('HIDDEN') readonly hidden: string) {}
      @Tool({ description: 'test tool' })
      peek(): string {
        return this.hidden;
      }
    }
    @Module({ imports: [LedgerModule], tools: [Peek] })
    class ShopModule {}
    await expect(Elicitor.create(ShopModule, settings)).rejects.toThrow(
      'Peek (tool class of module ShopModule) cannot be built: it needs "HIDDEN" (constructor parameter 1), which module ShopModule cannot see; add "HIDDEN" to the providers of module ShopModule, or import a module that exports it',
    );
  });

  it('fails at bootstrap when a provider injects a token of a module it does not import', async () => {
    @injectable()
    class Report {
      constructor(readonly ledger: Ledger) {}
    }
    @Module({ providers: [Report] })
    class ReportsModule {}
    @Module({ imports: [LedgerModule, ReportsModule] })
    class AppModule {}
    await expect(Elicitor.create(AppModule, settings)).rejects.toThrow(
      'Report (provider of module ReportsModule) cannot be built: it needs Ledger (constructor parameter 1), which module ReportsModule cannot see; add Ledger to the providers of module ReportsModule, or import a module that exports it',
    );
  });

  it('names a token no module provides', async () => {
    @Tools()
    class Lonely {
      constructor(readonly rates: Rates) {}
      @Tool({ description: 'test tool' })
      lonely(): string {
        return '';
      }
    }
    @Module({ tools: [Lonely] })
    class AppModule {}
    await expect(Elicitor.create(AppModule, settings)).rejects.toThrow(
      'needs Rates (constructor parameter 1), which no provider supplies; add Rates to the providers of module AppModule, or import a module that exports it',
    );
  });

  it('configures a dynamic module with forRoot and with an async factory that injects', async () => {
    const PAYMENT_OPTIONS = Symbol('PaymentOptions');
    const CONFIG = Symbol('Config');
    interface PaymentOptions {
      provider: string;
    }
    @injectable()
    class Payments {
      constructor(@inject(PAYMENT_OPTIONS) private readonly options: PaymentOptions) {}
      name(): string {
        return this.options.provider;
      }
    }
    @Module({ providers: [Payments], exports: [Payments] })
    class PaymentsModule {
      static forRoot(options: PaymentOptions): DynamicModule {
        return { module: PaymentsModule, providers: [{ provide: PAYMENT_OPTIONS, useValue: options }] };
      }
      static forRootAsync(options: AsyncModuleOptions<PaymentOptions>): DynamicModule {
        return {
          module: PaymentsModule,
          imports: options.imports ?? [],
          providers: [
            { provide: PAYMENT_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
          ],
        };
      }
    }
    @Tools()
    class Checkout {
      constructor(private readonly payments: Payments) {}
      @Tool({ description: 'test tool' })
      provider(): string {
        return this.payments.name();
      }
    }
    @Module({ imports: [PaymentsModule.forRoot({ provider: 'stripe' })], tools: [Checkout] })
    class SyncApp {}
    const syncApp = await Elicitor.create(SyncApp, settings);
    expect(await textOfCall(syncApp, 'provider')).toBe('stripe');
    await syncApp.close();

    @Module({ providers: [{ provide: CONFIG, useValue: { payments: 'adyen' } }], exports: [CONFIG] })
    class ConfigModule {}
    const asyncPayments = PaymentsModule.forRootAsync({
      imports: [ConfigModule],
      inject: [CONFIG],
      useFactory: async (config: { payments: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { provider: config.payments };
      },
    });
    @Module({ imports: [asyncPayments], tools: [Checkout] })
    class AsyncApp {}
    const asyncApp = await Elicitor.create(AsyncApp, settings);
    expect(await textOfCall(asyncApp, 'provider')).toBe('adyen');
    await asyncApp.close();
  });

  it('shows a global module to every module, and runs module interceptors around that module only', async () => {
    const CLOCK = Symbol('Clock');
    const seen: string[] = [];
    const audit: ElicitorInterceptor = {
      intercept(call: CallInfo, next: () => Promise<unknown>) {
        seen.push(call.name);
        return next();
      },
    };
    @Global()
    @Module({ providers: [{ provide: CLOCK, useValue: () => 'noon' }], exports: [CLOCK] })
    class ClockModule {}
    @Tools()
    class Time {
      constructor(@inject(CLOCK) private readonly clock: () => string) {}
      @Tool({ description: 'test tool' })
      now(@Ctx() _ctx: Context): string {
        return this.clock();
      }
    }
    @Tools()
    class Plain {
      @Tool({ description: 'test tool' })
      plain(): string {
        return 'plain';
      }
    }
    @Module({ tools: [Time], interceptors: [audit] })
    class TimeModule {}
    @Module({ imports: [ClockModule, TimeModule], tools: [Plain] })
    class AppModule {}
    const app = await Elicitor.create(AppModule, settings);
    expect(await textOfCall(app, 'now')).toBe('noon');
    expect(await textOfCall(app, 'plain')).toBe('plain');
    expect(seen).toStrictEqual(['now']);
    await app.close();
  });

  it('rejects a circular import when the app is created', async () => {
    class Left {}
    class Right {}
    Module({ imports: [Right] })(Left);
    Module({ imports: [Left] })(Right);
    await expect(Elicitor.create(Left, settings)).rejects.toThrow(
      'circular module imports: Left → Right → Left',
    );
  });
});
