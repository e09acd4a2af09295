import { Module } from 'elicitor';
import { AuditInterceptor } from '../audit/audit.interceptor.js';
import { AuditModule } from '../audit/audit.module.js';
import { CartPricing } from '../cart/cart-pricing.service.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PaymentModule } from '../payment/payment.module.js';
import { CheckoutTools } from './checkout.tools.js';

/** The checkout tools, priced from the catalogue, paid on a hosted page, audited on every round. */
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
})
export class CheckoutModule {}
