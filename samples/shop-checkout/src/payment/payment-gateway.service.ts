import { inject, injectable } from 'inversify';
import { PAYMENT_OPTIONS } from './payment.options.js';
import type { PaymentOptions } from './payment.options.js';

export type PaymentPageOutcome = 'paid' | 'declined';

/** A hosted payment page opened for one amount. Plain JSON, so `ctx.memo` can carry it. */
export interface PaymentSession {
  id: string;
  amountCents: number;
  url: string;
}

export interface Charge {
  id: string;
  amountCents: number;
}

/** The payment page did not end in a payment (declined card, or the shopper has not paid yet). */
export class PaymentNotCompletedError extends Error {
  constructor(
    readonly sessionId: string,
    readonly status: 'open' | 'declined',
  ) {
    super(`Payment session ${sessionId} is ${status}`);
  }
}

/**
 * Stands in for a card processor with hosted payment pages. The shopper pays on the page, outside the MCP
 * client; the processor reports the outcome (a webhook in real life, `completeOnPage` here); the server
 * then captures the money. Card details never pass through the MCP server or the client.
 */
@injectable()
export class PaymentGateway {
  captures = 0;
  private readonly sessions = new Map<string, { amountCents: number; status: 'open' | PaymentPageOutcome }>();
  private sessionCount = 0;

  constructor(@inject(PAYMENT_OPTIONS) private readonly options: PaymentOptions) {}

  sessionIdOf(url: string): string {
    return url.slice(this.options.pageUrl.length);
  }

  openSession(amountCents: number): PaymentSession {
    const id = `ps_${(++this.sessionCount).toString().padStart(4, '0')}`;
    this.sessions.set(id, { amountCents, status: 'open' });
    return { id, amountCents, url: `${this.options.pageUrl}${id}` };
  }

  /** What the hosted page reports when the shopper is done there. */
  completeOnPage(sessionId: string, outcome: PaymentPageOutcome): void {
    const session = this.sessions.get(sessionId);
    if (session) session.status = outcome;
  }

  /** Takes the money for a paid session; throws `PaymentNotCompletedError` otherwise. */
  async capture(sessionId: string): Promise<Charge> {
    const session = this.sessions.get(sessionId);
    if (!session || session.status !== 'paid') {
      throw new PaymentNotCompletedError(sessionId, session?.status === 'declined' ? 'declined' : 'open');
    }
    this.captures++;
    return { id: `ch_${this.captures.toString().padStart(4, '0')}`, amountCents: session.amountCents };
  }
}
