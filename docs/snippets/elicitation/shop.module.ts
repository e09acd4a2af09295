import type { ElicitorOptions } from 'elicitor';
import { OrderTools } from './order.tools.js';
import { Mailer, Payments, Quotes } from './shop.services.js';

export const shopModule: ElicitorOptions = {
  name: 'shop',
  version: '1.0.0',
  tools: [OrderTools],
  providers: [Quotes, Payments, Mailer],
};
