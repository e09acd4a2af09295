import { Module } from 'elicitor';
import type { ElicitorAppOptions } from 'elicitor';
import { OrderTools } from './order.tools.js';
import { Mailer, Payments, Quotes } from './shop.services.js';

/** The shop's root module: its tools and the providers they inject. */
@Module({
  tools: [OrderTools],
  providers: [Quotes, Payments, Mailer],
})
export class ShopModule {}

/** What `Elicitor.create(ShopModule, shopOptions)` adds: the app's name, version and settings. */
export const shopOptions: ElicitorAppOptions = { name: 'shop', version: '1.0.0' };
