import { Global, Module } from 'elicitor';

export interface ShopConfig {
  paymentsProvider: 'stripe' | 'adyen';
}

export const SHOP_CONFIG = Symbol('ShopConfig');

/** Global: every module may inject `SHOP_CONFIG` without importing this module. */
@Global()
@Module({
  providers: [
    {
      provide: SHOP_CONFIG,
      useFactory: async (): Promise<ShopConfig> => ({
        paymentsProvider: process.env.SHOP_PAYMENTS === 'adyen' ? 'adyen' : 'stripe',
      }),
    },
  ],
  exports: [SHOP_CONFIG],
})
export class ConfigModule {}
