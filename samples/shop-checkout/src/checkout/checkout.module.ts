import { Module } from 'elicitor';
import { AuditInterceptor } from '../audit/audit.interceptor.js';
import { AuditModule } from '../audit/audit.module.js';
import { CartPricing } from '../cart/cart-pricing.service.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PaymentDeclinedFilter } from '../payment/payment-declined.filter.js';
import { PaymentModule } from '../payment/payment.module.js';
import { CheckoutTools } from './checkout.tools.js';
import { ShopOpenGuard } from './shop-open.guard.js';

/**
 * The checkout tools, priced from the catalogue, paid on a hosted page, audited on every round; refused
 * while the shop is closed (a guard), and a declined card answered as a clear result (a filter).
 */
@Module({
  imports: [
    CatalogModule,
    MailModule,
    AuditModule,
    PaymentModule.forRoot({ pageUrl: 'https://pay.example.com/session/' }),
  ],
  tools: [CheckoutTools],
  providers: [CartPricing],
  interceptors: [AuditInterceptor],
  guards: [ShopOpenGuard],
  filters: [PaymentDeclinedFilter],
})
export class CheckoutModule {}
