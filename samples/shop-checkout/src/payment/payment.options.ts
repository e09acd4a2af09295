/** How the app configures payments when it imports `PaymentModule.forRoot(...)`. */
export interface PaymentOptions {
  /** Where the hosted payment page lives; a session id is appended. */
  pageUrl: string;
}

export const PAYMENT_OPTIONS = Symbol('PaymentOptions');
