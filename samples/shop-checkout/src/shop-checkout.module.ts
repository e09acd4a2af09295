import type { ElicitorOptions } from 'elicitor';
import { AuditInterceptor } from './audit/audit.interceptor.js';
import { AuditLog } from './audit/audit-log.service.js';
import { CartPricing } from './cart/cart-pricing.service.js';
import { Catalog } from './catalog/catalog.service.js';
import { CheckoutTools } from './checkout/checkout.tools.js';
import { ReceiptMailer } from './mail/receipt-mailer.service.js';
import { PaymentGateway } from './payment/payment-gateway.service.js';

/** The shop's application definition, shared by `main.ts` and the tests. */
export const shopCheckoutModule: ElicitorOptions = {
  name: 'shop-checkout',
  version: '0.1.0',
  instructions: 'A small shop: list_products, then checkout with a cart.',
  tools: [CheckoutTools],
  providers: [Catalog, CartPricing, PaymentGateway, ReceiptMailer, AuditLog],
  interceptors: [AuditInterceptor],
};
