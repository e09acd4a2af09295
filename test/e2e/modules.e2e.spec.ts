import 'reflect-metadata';
import { inject, injectable } from 'inversify';
import { Ctx, ElicitRequestParams, Elicitor, Module, Tool, Tools } from 'elicitor';
import type { Context, DynamicModule, ElicitorApp, OnApplicationShutdown } from 'elicitor';
import { testKeyring } from 'elicitor/testing';
import type { Client } from '@modelcontextprotocol/client';
import { connectHttp, officialClient } from '../support/official-client.js';
import type { Era } from '../support/official-client.js';
import { textOf } from '../support/transports.js';

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };
const PAYMENT_OPTIONS = Symbol('PaymentOptions');

@injectable()
class Catalog {
  price(item: string): number {
    return item.length;
  }
}

@Module({ providers: [Catalog], exports: [Catalog] })
class CatalogModule {}

@injectable()
class Payments {
  readonly charges: string[] = [];
  constructor(@inject(PAYMENT_OPTIONS) private readonly options: { provider: string }) {}
  charge(amount: number): string {
    this.charges.push(`${this.options.provider}:${amount}`);
    return this.options.provider;
  }
}

@Module({ providers: [Payments], exports: [Payments] })
class PaymentsModule {
  static forRoot(options: { provider: string }): DynamicModule {
    return { module: PaymentsModule, providers: [{ provide: PAYMENT_OPTIONS, useValue: options }] };
  }
}

@injectable()
class AuditLog implements OnApplicationShutdown {
  readonly entries: string[] = [];
  onApplicationShutdown(): void {
    this.entries.push('closed');
  }
}

@Tools()
class Checkout {
  constructor(
    private readonly catalog: Catalog,
    private readonly payments: Payments,
    private readonly audit: AuditLog,
  ) {}

  @Tool({ description: 'Buy one item after a confirmation' })
  async buy(@Ctx() ctx: Context): Promise<string> {
    const price = this.catalog.price('book');
    const answer = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Pay ${price}?`).withRequired('ok', 'boolean'),
    );
    if (answer.action !== 'accept') return 'cancelled';
    ctx.onCommit(() => {
      this.audit.entries.push(`bought for ${price}`);
    });
    return `paid ${price} with ${this.payments.charge(price)}`;
  }
}

@Module({
  imports: [CatalogModule, PaymentsModule.forRoot({ provider: 'stripe' })],
  tools: [Checkout],
  providers: [AuditLog],
})
class ShopModule {}

describe.each(['modern', 'legacy'] as const)('an app built from modules, %s era', (era: Era) => {
  let app: ElicitorApp;
  let client: Client;
  const asked: unknown[] = [];

  beforeEach(async () => {
    app = await Elicitor.create(ShopModule, {
      name: 'shop',
      version: '1.0.0',
      logger: quietLogger,
      requestState: { keys: testKeyring() },
    });
    const { url } = await app.listen({ http: { port: 0 } });
    client = await connectHttp(
      officialClient({
        era,
        onElicit: (params) => {
          asked.push(params.message);
          return { action: 'accept', content: { ok: true } };
        },
      }),
      url!,
    );
  });

  afterEach(async () => {
    await client.close();
    await app.close();
  });

  it('serves a tool whose dependencies come from imported and dynamic modules', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual(['buy']);
    const result = await client.callTool({ name: 'buy', arguments: {} });
    expect(textOf(result)).toBe('paid 4 with stripe');
    expect(asked).toContain('Pay 4?');
    expect(app.get(Payments).charges).toStrictEqual(['stripe:4']);
    expect(app.get(AuditLog).entries).toStrictEqual(['bought for 4']);
  });

  it('runs onApplicationShutdown of module providers when the app closes', async () => {
    const audit = app.get(AuditLog);
    await client.close();
    await app.close();
    expect(audit.entries).toStrictEqual(['closed']);
  });
});
