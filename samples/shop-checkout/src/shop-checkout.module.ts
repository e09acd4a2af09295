import { Module } from 'elicitor';
import type { ElicitorAppOptions } from 'elicitor';
import { CheckoutModule } from './checkout/checkout.module.js';

/** The shop's root module, shared by `main.ts` and the tests. */
@Module({ imports: [CheckoutModule] })
export class ShopCheckoutModule {}

export const shopCheckoutOptions: ElicitorAppOptions = {
  name: 'shop-checkout',
  version: '0.1.0',
  instructions: 'A small shop: list_products, then checkout with a cart.',
};
