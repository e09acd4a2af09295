import { Module } from 'elicitor';
import { CatalogModule } from './catalog.module.js';
import { ConfigModule, SHOP_CONFIG } from './config.module.js';
import type { ShopConfig } from './config.module.js';
import { PaymentsModule } from './payments.module.js';
import { ShopTools } from './shop.tools.js';

@Module({
  imports: [
    ConfigModule,
    CatalogModule,
    PaymentsModule.forRootAsync({
      inject: [SHOP_CONFIG],
      useFactory: (config: ShopConfig) => ({ provider: config.paymentsProvider }),
    }),
  ],
  tools: [ShopTools],
})
export class ShopModule {}
