import { inject, injectable } from 'inversify';
import { Module } from 'elicitor';
import type { AsyncModuleOptions, DynamicModule } from 'elicitor';

export interface PaymentsOptions {
  provider: 'stripe' | 'adyen';
}

export const PAYMENTS_OPTIONS = Symbol('PaymentsOptions');

@injectable()
export class Payments {
  readonly charges: string[] = [];

  constructor(@inject(PAYMENTS_OPTIONS) private readonly options: PaymentsOptions) {}

  charge(amount: number, idempotencyKey: string): string {
    this.charges.push(`${this.options.provider}:${amount}:${idempotencyKey}`);
    return `${this.options.provider}-${this.charges.length}`;
  }
}

/** A reusable feature: its options come from the importing app, its `Payments` is exported. */
@Module({ providers: [Payments], exports: [Payments] })
export class PaymentsModule {
  static forRoot(options: PaymentsOptions): DynamicModule {
    return {
      module: PaymentsModule,
      providers: [{ provide: PAYMENTS_OPTIONS, useValue: options }],
    };
  }

  /** Options made at bootstrap, e.g. from a configuration provider; the factory may be async. */
  static forRootAsync(options: AsyncModuleOptions<PaymentsOptions>): DynamicModule {
    return {
      module: PaymentsModule,
      imports: options.imports ?? [],
      providers: [
        { provide: PAYMENTS_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
      ],
    };
  }
}
