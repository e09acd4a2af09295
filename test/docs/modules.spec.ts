import 'reflect-metadata';
import { Elicitor, Module } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { TestClient, accept, testKeyring } from 'elicitor/testing';
import { Catalog, CatalogModule } from '../../docs/snippets/modules/catalog.module.js';
import { createShop } from '../../docs/snippets/modules/main.js';
import { Payments, PaymentsModule } from '../../docs/snippets/modules/payments.module.js';
import { ShopModule } from '../../docs/snippets/modules/shop.module.js';
import { ShopTools } from '../../docs/snippets/modules/shop.tools.js';

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

describe('Modules guide: the shop', () => {
  let app: ElicitorApp;
  afterEach(() => app.close());

  it('builds the shop from its modules; the global config picks the payments provider', async () => {
    process.env.SHOP_PAYMENTS = 'adyen';
    try {
      app = await createShop();
    } finally {
      delete process.env.SHOP_PAYMENTS;
    }
    const run = await TestClient.forApp(app).callTool(
      'buy',
      { item: 'book' },
      { answers: { confirm: accept({ ok: true }) } },
    );
    expect(run.text).toBe('Bought a book, receipt adyen-1');
    expect(app.get(Payments).charges).toStrictEqual([expect.stringMatching(/^adyen:12:/)]);
  });

  it('runs onModuleInit before serving and onApplicationShutdown on close', async () => {
    app = await Elicitor.create(ShopModule, { name: 'shop', version: '1.0.0', logger: quietLogger });
    const catalog = app.get(Catalog);
    expect(catalog.price('pen')).toBe(2);
    await app.close();
    expect(catalog.closed).toBe(true);
  });

  it('configures the reusable payments module with forRoot', async () => {
    @Module({ imports: [CatalogModule, PaymentsModule.forRoot({ provider: 'stripe' })], tools: [ShopTools] })
    class StripeShop {}
    app = await Elicitor.create(StripeShop, {
      name: 'shop',
      version: '1.0.0',
      logger: quietLogger,
      requestState: { keys: testKeyring() },
    });
    const run = await TestClient.forApp(app).callTool(
      'buy',
      { item: 'pen' },
      { answers: { confirm: accept({ ok: true }) } },
    );
    expect(run.text).toBe('Bought a pen, receipt stripe-1');
  });

  it('fails at bootstrap when a module uses a provider it does not import', async () => {
    @Module({ imports: [PaymentsModule.forRoot({ provider: 'stripe' })], tools: [ShopTools] })
    class ForgotCatalog {}
    await expect(
      Elicitor.create(ForgotCatalog, { name: 'shop', version: '1.0.0', logger: quietLogger }),
    ).rejects.toThrow(
      'ShopTools (tool class of module ForgotCatalog) cannot be built: it needs Catalog (constructor parameter 1), which no provider supplies; add Catalog to the providers of module ForgotCatalog, or import a module that exports it',
    );
  });
});
