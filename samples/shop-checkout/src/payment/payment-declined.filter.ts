import { Catch } from 'elicitor';
import type { ExceptionFilter } from 'elicitor';
import { PaymentNotCompletedError } from './payment-gateway.service.js';

/**
 * Turns a payment page that did not end in a payment into a tool result the shopper and the model can
 * act on, instead of an internal error. A module filter of `CheckoutModule`, so the tool just throws.
 */
@Catch(PaymentNotCompletedError)
export class PaymentDeclinedFilter implements ExceptionFilter<PaymentNotCompletedError> {
  catch(error: PaymentNotCompletedError) {
    const text =
      error.status === 'declined'
        ? 'Your card was declined on the payment page. Nothing was charged.'
        : 'The payment page has not confirmed your payment. Nothing was charged.';
    return { content: [{ type: 'text', text }], isError: true };
  }
}
