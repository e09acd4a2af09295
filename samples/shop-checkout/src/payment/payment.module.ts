import { Module } from 'elicitor';
import type { DynamicModule } from 'elicitor';
import { PaymentGateway } from './payment-gateway.service.js';
import { PAYMENT_OPTIONS } from './payment.options.js';
import type { PaymentOptions } from './payment.options.js';

/** A reusable payments feature: the importing module says where the payment page is. */
@Module({ providers: [PaymentGateway], exports: [PaymentGateway] })
export class PaymentModule {
  static forRoot(options: PaymentOptions): DynamicModule {
    return { module: PaymentModule, providers: [{ provide: PAYMENT_OPTIONS, useValue: options }] };
  }
}
