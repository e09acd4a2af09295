import type { PaymentGateway } from '../src/payment/payment-gateway.service.js';
import type { PaymentPageOutcome } from '../src/payment/payment-gateway.service.js';

export const ADA = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  street: '12 Analytical Row',
  city: 'London',
  country: 'gb',
  giftWrap: true,
};

/** What the shopper does on the payment page: pay, have the card declined, or refuse to open it. */
export type PageBehaviour = PaymentPageOutcome | 'refuses-page';

/**
 * A shopper answering the checkout's questions, for any client: fills in the address form, and on the
 * payment step "visits" the page, which reports the outcome to the gateway before the client answers.
 */
export function shopper(gateway: PaymentGateway, onPage: PageBehaviour = 'paid') {
  return (params: Record<string, unknown>): Record<string, unknown> => {
    if (params.mode !== 'url') return { action: 'accept', content: { ...ADA } };
    if (onPage === 'refuses-page') return { action: 'decline' };
    gateway.completeOnPage(gateway.sessionIdOf(String(params.url)), onPage);
    return { action: 'accept' };
  };
}
